/**
 * The page's Content-Security-Policy allows no eval: zod would otherwise try `new Function` to
 * compile its fast path (a reported violation) before falling back. zod 4 keeps its configuration
 * on globalThis (shared by every copy it loads, read when its core module first runs), so setting
 * it here, imported first by main.tsx, brings none of zod into the first script
 * (zod-config.test.ts checks zod reads it).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
export {};
