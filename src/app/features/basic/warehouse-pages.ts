import { useNavigate } from '@tanstack/react-router';

/** The warehouse pages (spec §2 WMS Basic): the forms take the warehouse from the query string, not the path. */
export const WAREHOUSE_PAGES = {
  list: '/wmsbasic/warehouse',
  create: '/wmsbasic/warehouse/create',
  detail: '/wmsbasic/warehouse/detail',
  edit: '/wmsbasic/warehouse/edit',
} as const;

/** Opens a warehouse form page for one warehouse. */
export function useOpenWarehouse() {
  const navigate = useNavigate();
  return (to: string, whsId: unknown) => void navigate({ to, search: { whs_id: String(whsId) } as never });
}
