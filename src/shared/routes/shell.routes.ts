import { msg } from '@lingui/core/macro';
import { page } from './builders';
import type { RouteDecl } from './types';

/** The pages outside the areas: sign-in and error pages, and the pages everyone signed in may open. */
export const SHELL_ROUTES: readonly RouteDecl[] = [
  // Public pages (spec §2 skip list)
  page('/login', msg`Sign in`, { public: true, menu: false }),
  page('/google/login', msg`Sign in with Google`, { public: true, menu: false }),
  page('/tob/login', msg`Sign in`, { public: true, menu: false }),
  page('/tob/callback', msg`Signing in`, { public: true, menu: false }),
  page('/forget', msg`Forgot Password`, { public: true, menu: false }),
  page('/reset', msg`Reset Password`, { public: true, menu: false }),
  page('/resetSuccess', msg`Password Reset`, { public: true, menu: false }),
  page('/403', msg`Access Denied`, { public: true, menu: false }),
  page('/404', msg`Page Not Found`, { public: true, menu: false }),

  page('/home', msg`Home`, { perm: null }),
  page('/scanner-check', msg`Scanner Check`, { perm: null, menu: false }),
];
