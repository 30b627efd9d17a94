import { config } from 'zod/v4/core';

/**
 * The page's Content-Security-Policy allows no eval: zod would otherwise try `new Function` to
 * compile its fast path (a reported violation) before falling back. Imported first by main.tsx,
 * before any schema parses; only zod's tiny config module comes into the first script.
 */
config({ jitless: true });
