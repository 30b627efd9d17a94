import type { dockContract } from '../../../shared/contract/catalog.contract';
import { dockResource } from '../../../shared/resources/dock.resource';
import { docks } from '../../db/schema';
import { resourceHandlers } from '../../http/resource-handlers';
import type { Handlers } from '../../http/register';

type DockHandlers = Handlers<typeof dockContract>;
const dock = resourceHandlers(dockResource, docks);

export const dockHandlers: DockHandlers = {
  searchDock: dock.list,
  getDockDetail: dock.detail,
};
