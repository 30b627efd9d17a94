import { useNavigate, useRouterState } from '@tanstack/react-router';

/**
 * One query-string value of the current location as text. The router parses search values
 * as JSON (`?user_id=12` arrives as the number 12), so this gives them back as written.
 */
export function useSearchParam(name: string): string | undefined {
  return useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>)[name];
      return value === undefined || value === null ? undefined : String(value);
    },
  });
}

/**
 * Opens a page that takes its record from the query string (…/detail?zone_id=A01, as the
 * manifest declares the warehouse and storage-area forms): string links cannot carry a search.
 */
export function useOpenByQuery() {
  const navigate = useNavigate();
  return (path: string, key: string, value: unknown) => void navigate({ to: path, search: { [key]: String(value) } as never });
}
