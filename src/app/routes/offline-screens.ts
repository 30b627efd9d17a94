import type { ScreenModule } from './screen-module';
// Bundled with the router: it is also the page for unknown paths, which must show offline.
import NotFoundScreen from '../features/status/not-found.screen';

/**
 * The screens a device must open with the network gone: signing in, home, the scanner check, the
 * status pages and every operation screen (shared/routes/operations.ts). The build precaches
 * their code with the shell (vite.config.ts `onlineOnlyChunks`); screens.test.ts keeps every
 * operation screen here.
 */
export const OFFLINE_SCREENS: Readonly<Record<string, ScreenModule>> = {
  '/login': () => import('../features/auth/login.screen'),
  '/forget': () => import('../features/auth/forget.screen'),
  '/reset': () => import('../features/auth/reset.screen'),
  '/resetSuccess': () => import('../features/auth/reset-success.screen'),
  '/google/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/login': () => import('../features/auth/sso-unavailable.screen'),
  '/tob/callback': () => import('../features/auth/sso-unavailable.screen'),
  '/403': () => import('../features/status/forbidden.screen'),
  '/404': async () => ({ default: NotFoundScreen }),
  '/home': () => import('../features/home/home.screen'),
  '/scanner-check': () => import('../features/scanner/scanner-check.screen'),
  '/inbound/counting': () => import('../features/inbound/counting.screen'),
  '/inbound/qc': () => import('../features/inbound/qc.screen'),
  '/inbound/receiving': () => import('../features/inbound/receiving.screen'),
  '/inbound/receiving/reportexception': () => import('../features/inbound/receiving-report-exception.screen'),
  '/inbound/reprocess/{-$task_id}': () => import('../features/inbound/vas.screen'),
  '/inbound/arriving': () => import('../features/inbound/arrival.screen'),
  '/moveinbound/move/arrving': () => import('../features/inbound/arrival.screen'),
  '/inbound/standardputaway': () => import('../features/inbound/putaway-standard.screen'),
  '/inbound/standardputaway/reportexception': () => import('../features/inbound/putaway-exception.screen'),
  '/inbound/massputaway': () => import('../features/inbound/putaway-mass.screen'),
  '/inbound/massputaway/reportexception': () => import('../features/inbound/putaway-exception.screen'),
};
