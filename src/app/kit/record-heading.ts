import { useLingui } from '@lingui/react/macro';
import { useParams, useRouterState } from '@tanstack/react-router';
import { pageTitle } from '../routes/access';

/**
 * What a record's own page (a task's, a handover's, an ASN's detail) reads from its route: the
 * pathname, the record's id (the first of the route parameters `names` the route has, and which one)
 * and its heading — the page's title from the route manifest followed by the id ("Packing Task Detail PA2611…").
 */
export function useRecordHeading(...names: string[]): { pathname: string; id: string; param: string | null; heading: string } {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const param = names.find((name) => params[name] !== undefined) ?? null;
  const id = param === null ? '' : params[param]!;
  const title = pageTitle(pathname);
  return { pathname, id, param, heading: `${title ? i18n._(title) : ''} ${id}`.trim() };
}
