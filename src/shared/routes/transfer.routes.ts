import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Transfer (spec §2). */
export const TRANSFER_ROUTES: readonly RouteDecl[] = [
  group('/transfer', msg`Transfer`, '/transfer/transferRequest'),
  group('/transfer/transferRequest', msg`Transfer Request`, '/transfer/transferRequest/request'),
  list('/transfer/transferRequest/request', msg`Request List`, {
    actions: { Create: msg`Raise and cancel transfer requests`, Action: msg`Accept or reject transfer requests from other warehouses` },
  }),
  page('/transfer/transferRequest/dashboard', msg`Request Dashboard`),
  list('/transfer/transferTask', msg`Transfer Task`),
  page('/transfer/transferTask/detail/$id', msg`Transfer Task Detail`),
  list('/transfer/transitTask', msg`Transit Task`),
  page('/transfer/transitTask/detail/$id', msg`Transit Task Detail`),
];
