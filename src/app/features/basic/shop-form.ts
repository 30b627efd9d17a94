import { useQuery } from '@tanstack/react-query';
import type { FormValues } from '../../../shared/resources/form-items';
import { catalogQueries } from './catalog.queries';

/**
 * The choices of the shop form's merchant and group selects: the warehouse's active ones, plus
 * the value the shop already has (an inactive merchant stays shown on Edit).
 */
export function useShopSelections() {
  const options = useQuery(catalogQueries.shopOptions());
  return (prop: string, values: FormValues): readonly string[] | undefined => {
    const ids = prop === 'merchant_id' ? options.data?.merchants.map((m) => m.merchant_id)
      : prop === 'group_id' ? options.data?.groups.map((g) => g.group_id)
        : undefined;
    if (!ids) return undefined;
    const current = values[prop];
    return typeof current === 'string' && current !== '' && !ids.includes(current) ? [current, ...ids] : ids;
  };
}
