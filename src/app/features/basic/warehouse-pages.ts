

/** The warehouse pages (spec §2 WMS Basic): the forms take the warehouse from the query string, not the path. */
export const WAREHOUSE_PAGES = {
  list: '/wmsbasic/warehouse',
  create: '/wmsbasic/warehouse/create',
  detail: '/wmsbasic/warehouse/detail',
  edit: '/wmsbasic/warehouse/edit',
} as const;
