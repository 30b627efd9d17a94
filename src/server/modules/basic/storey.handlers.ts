import type { storageAreaContract } from '../../../shared/contract/storage-area.contract';
import type { Handlers } from '../../http/register';
import { nameSetupOn } from './storey.hooks';

type StoreyCalls = Pick<typeof storageAreaContract, 'getWhsStoreyNameSetup'>;

/** The storey call beyond the storey resource's own (spec §7 /apps/basic/storey/): the setting. */
export const storeyHandlers: Handlers<StoreyCalls> = {
  async getWhsStoreyNameSetup(_input, { db, session }) {
    return { storey_name_setup: (await nameSetupOn(db, session.whsId)) ? 1 : 0 };
  },
};
