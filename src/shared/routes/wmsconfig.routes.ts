import { msg } from '@lingui/core/macro';
import { group, list, page } from './builders';
import { derivePerm } from './derive';
import type { RouteDecl } from './types';

/** System Config (spec §2). */
export const WMS_CONFIG_ROUTES: readonly RouteDecl[] = [
  group('/wmsconfig', msg`System Config`, '/wmsconfig/reportaccess'),
  list('/wmsconfig/reportaccess', msg`Report Access`),
  page('/wmsconfig/emailcenter', msg`Email Center`),
  group('/wmsconfig/printtool', msg`Print Tool`, '/wmsconfig/printtool/print'),
  page('/wmsconfig/printtool/print', msg`Print`, { actions: { Action: msg`Print location, container and SKU labels` } }),
  page('/wmsconfig/printtool/newuid', msg`New UID`, { actions: { Action: msg`Create new UIDs and print their labels` } }),
  page('/wmsconfig/printtool/newtrackingid', msg`New Tracking ID`, { actions: { Action: msg`Give a packed parcel a new tracking number and print its label` } }),
  page('/wmsconfig/printtool/reprint', msg`Reprint`, { actions: { Action: msg`Reprint labels and documents` } }),
  page('/wmsconfig/printsettings', msg`Print Settings`, { actions: { Edit: msg`Edit the print settings of stations` } }),
  page('/wmsconfig/notificationCenter/sound', msg`Notification Sound`),
  list('/wmsconfig/userlist', msg`User List`),
  // The warehouse's user imports (search_upload_task): opened from the User List, read with its permission.
  list('/wmsconfig/userlist/uploadtask', msg`User Imports`, { perm: derivePerm('/wmsconfig/userlist'), parent: '/wmsconfig/userlist', menu: false }),
  page('/wmsconfig/taskoutlook', msg`Task Outlook`),
  list('/wmsconfig/userrole', msg`User Role`),
  list('/wmsconfig/rolelist', msg`Role List`),
  page('/wmsconfig/roledetail', msg`Role Detail`, { perm: derivePerm('/wmsconfig/rolelist'), parent: '/wmsconfig/rolelist' }),
  list('/wmsconfig/approveconfig', msg`Approval Config`),
  page('/wmsconfig/approveconfig/edit', msg`Edit Approval Config`),
  page('/wmsconfig/approveconfig/view', msg`Approval Config Detail`),
  list('/wmsconfig/pdapackage', msg`PDA Package`),
  page('/wmsconfig/syncqueue', msg`Sync Queue`, { actions: { Action: msg`Resolve rejected operations` } }),
];
