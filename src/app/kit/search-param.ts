import { useRouterState } from '@tanstack/react-router';

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
