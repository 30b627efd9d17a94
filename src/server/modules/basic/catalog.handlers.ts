import type { catalogContract } from '../../../shared/contract/catalog.contract';
import type { Handlers } from '../../http/register';
import { categoryHandlers } from './category.handlers';
import { stationHandlers } from './station.handlers';

/** The handlers of catalog.contract.ts, one module per entity. */
export const catalogHandlers: Handlers<typeof catalogContract> = {
  ...categoryHandlers,
  ...stationHandlers,
};
