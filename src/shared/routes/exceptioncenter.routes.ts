import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import type { RouteDecl } from './types';

/** Exception Center (spec §2). */
export const EXCEPTION_CENTER_ROUTES: readonly RouteDecl[] = [
  group('/exceptioncenter', msg`Exception Center`, '/exceptioncenter/troubleshoottask'),
  list('/exceptioncenter/troubleshoottask', msg`Troubleshoot Task`),
  page('/exceptioncenter/troubleshoottaskdetail', msg`Troubleshoot Task Detail`),
  page('/exceptioncenter/troubleshoottaskhandle', msg`Handle Troubleshoot Task`, {
    perm: 'PC.Exceptioncenter.Troubleshoottask.Handle',
    parent: '/exceptioncenter/troubleshoottask',
    menu: false,
  }),
  list('/exceptioncenter/ob-troubleshoot-task', msg`Outbound Troubleshoot Task`, { actions: { Action: msg`Handle outbound exceptions and report damaged units` } }),
  page('/exceptioncenter/ob-troubleshoot-task-detail/$task_id', msg`Outbound Troubleshoot Task Detail`),
  list('/exceptioncenter/rttroubleshoot', msg`Return Troubleshoot Task`),
  page('/exceptioncenter/rttroubleshoot/detail/$exception_id', msg`Exception Detail`),
  page('/exceptioncenter/rttroubleshoot/progress/$exception_id/{-$exception_sku_id}', msg`Exception Progress`, {
    perm: derivePerm('/exceptioncenter/rttroubleshoot'),
  }),
  list('/exceptioncenter/jit-troubleshoot-task', msg`JIT Troubleshoot Task`),
];
