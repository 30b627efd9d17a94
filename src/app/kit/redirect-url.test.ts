import { describe, expect, it, vi } from 'vitest';

// The app is served under vite.config.ts `base`; tests run without it.
vi.stubEnv('BASE_URL', '/v2/');
vi.stubGlobal('window', { location: new URL('https://wms.example/v2/login') });
const { safeRedirectUrl } = await import('./redirect-url');

describe('safeRedirectUrl', () => {
  it('keeps same-origin paths under /v2 with their query and hash', () => {
    expect(safeRedirectUrl('/v2/inbound/order?status=1#top')).toBe('/v2/inbound/order?status=1#top');
    expect(safeRedirectUrl('/v2/home')).toBe('/v2/home');
  });

  it('refuses other sites, other paths and anything that is not a path (open redirects)', () => {
    for (const url of ['https://evil.example/v2/home', '//evil.example/v2/home', '/\\evil.example', '/api/v2/x', '/v2', 'javascript:alert(1)', 'v2/home', '', null, 42]) {
      expect(safeRedirectUrl(url)).toBeNull();
    }
  });

  it('refuses the sign-in pages themselves, which would loop', () => {
    expect(safeRedirectUrl('/v2/login?redirect_url=%2Fv2%2Fhome')).toBeNull();
    expect(safeRedirectUrl('/v2/tob/login')).toBeNull();
    expect(safeRedirectUrl('/v2/resetSuccess')).toBeNull();
  });
});
