import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import type { RouteDecl } from './types';

/** Move Transfer Inbound (spec §2). */
export const MOVE_INBOUND_ROUTES: readonly RouteDecl[] = [
  group('/moveinbound', msg`Move Transfer Inbound`, '/moveinbound/order'),
  list('/moveinbound/order', msg`ASN List`),
  page('/moveinbound/order/detail/$id', msg`ASN Detail`),
  list('/moveinbound/queuelist', msg`Queue List`),
  list('/moveinbound/mtorder', msg`MT Order`),
  page('/moveinbound/mtorder/detail/$id', msg`MT Order Detail`),
  list('/moveinbound/qctask', msg`QC Task`),
  page('/moveinbound/qctask/detail', msg`QC Task Detail`),
  list('/moveinbound/receivetask', msg`Receiving Task`),
  page('/moveinbound/receivetaskdetail', msg`Receiving Task Detail`),
  list('/moveinbound/putawaytask', msg`Putaway Task`),
  page('/moveinbound/putawaytask/edit', msg`Edit Putaway Task`),
  page('/moveinbound/putawaytask/detail', msg`Putaway Task Detail`),
  // Its menu title says "Arriving & Pre-QC" when the scan setting is on (spec §2 Layout). One arrival screen serves
  // inbound and MT inbound ASNs (the spec §7 trarrival calls), so it takes the inbound arriving permission.
  page('/moveinbound/move/arrving', msg`Arriving`, {
    perm: derivePerm('/inbound/arriving'),
    flagTitle: { flag: 'scanMtb', title: msg`Arriving & Pre-QC` },
  }),
  // The inbound operation screens, mounted for Transfer Inbound ASNs: same screens, calls and offline ops, so the same permissions.
  page('/moveinbound/mtqc', msg`QC`, { perm: derivePerm('/inbound/qc') }),
  page('/moveinbound/mtreceiving', msg`Receiving`, { perm: derivePerm('/inbound/receiving') }),
  page('/moveinbound/mtstandardputaway', msg`Standard Putaway`, { perm: derivePerm('/inbound/standardputaway') }),
  page('/moveinbound/mtmassputaway', msg`Mass Putaway`, { perm: derivePerm('/inbound/massputaway') }),
];
