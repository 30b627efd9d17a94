import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { SHELL_ROUTES } from '../../shared/routes/shell.routes';
import { createMatcher } from './route-match';

/**
 * The public pages of the manifest (all declared in shell.routes.ts): the sign-in page's first
 * script carries these and not the whole manifest, which comes with the shell (routes/access.ts).
 */
export const matchPublicRoute = createMatcher(SHELL_ROUTES.filter((route) => route.public));

/** document.title: `title` · Tally (spec §2 tab title); just Tally until its catalog part has loaded. */
export function usePageTitle(title: MessageDescriptor | null): void {
  const { i18n } = useLingui();
  // A signed-in page's title is in the rest of the catalog, loaded before its shell renders.
  const text = title && i18n.messages[title.id] !== undefined ? i18n._(title) : null;
  useEffect(() => {
    document.title = text ? `${text} · Tally` : 'Tally';
  }, [text]);
}
