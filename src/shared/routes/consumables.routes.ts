import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import type { RouteDecl } from './types';

/** Consumables (spec §2). */
export const CONSUMABLES_ROUTES: readonly RouteDecl[] = [
  group('/consumables', msg`Consumables`, '/consumables/list'),
  list('/consumables/list', msg`Consumables List`),
  page('/consumables/list/create', msg`Create Consumable`),
  page('/consumables/list/edit/$id', msg`Edit Consumable`),
  list('/consumables/group', msg`Consumables Group`),
  list('/consumables/inbound', msg`Consumables Inbound`),
  page('/consumables/inbound/create', msg`Receive Consumables`),
  list('/consumables/stockTakeTask', msg`Stock Take Task`),
  page('/consumables/stockTakeTask/detail/$task_id', msg`Stock Take Task Detail`),
  page('/consumables/stockTakeTask/create', msg`Create Stock Take Task`),
  page('/consumables/stockTakeTask/edit/$task_id', msg`Edit Stock Take Task`),
  page('/consumables/stockTake/{-$task_id}', msg`Stock Take`),
  list('/consumables/manualRemoval', msg`Manual Removal`),
  page('/consumables/manualRemoval/detail', msg`Manual Removal Detail`),
  page('/consumables/manualRemoval/operation', msg`Remove Consumables`, { menu: false }),
];
