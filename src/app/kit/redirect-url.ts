/** The app's public base path without the trailing slash ("/v2"). */
export const APP_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * The `redirect_url` a sign-in page may return to: only a same-origin path under the app's
 * base, never another site or a sign-in page itself (open redirects, loops). Returns the path
 * with query and hash, or null.
 */
export function safeRedirectUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '' || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || !url.pathname.startsWith(`${APP_BASE}/`)) return null;
  const inApp = url.pathname.slice(APP_BASE.length);
  if (/^\/(login|tob\/|google\/|forget|reset)/.test(inApp)) return null;
  return url.pathname + url.search + url.hash;
}

/** The current browser location as a `redirect_url` value. */
export const currentRedirectUrl = (): string =>
  window.location.pathname + window.location.search + window.location.hash;
