import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../shared/contract';
import { callApi } from './api';

/**
 * Query options of the session and of app-wide configuration: the only way screens read
 * them (`useQuery(sessionQueries.perms())`, `queryClient.ensureQueryData(...)`).
 * Session data changes only at sign-in, warehouse switch or an explicit refetch, so it never
 * goes stale on its own.
 */
export const sessionQueries = {
  /** The user; failures are handled by the caller (login guard, tab refocus), never toasted. */
  loginInfo: () => queryOptions({
    queryKey: ['session', 'loginInfo'],
    queryFn: ({ signal }) => callApi(contract.getLoginInfo, {}, { signal, quiet: true }),
    staleTime: Infinity,
  }),
  menuKeys: () => queryOptions({
    queryKey: ['session', 'menuKeys'],
    queryFn: async ({ signal }) => new Set((await callApi(contract.getMyMenuKey, {}, { signal })).list) as ReadonlySet<string>,
    staleTime: Infinity,
  }),
  perms: () => queryOptions({
    queryKey: ['session', 'perms'],
    queryFn: async ({ signal }) => new Set((await callApi(contract.getMyPerm, {}, { signal })).list) as ReadonlySet<string>,
    staleTime: Infinity,
  }),
  /** Feature switches of the warehouse, as the set of enabled flag names. */
  flags: () => queryOptions({
    queryKey: ['session', 'flags'],
    queryFn: async ({ signal }) => {
      const { list } = await callApi(contract.getMenuSwitch, {}, { signal });
      return new Set(list.filter((f) => f.enabled).map((f) => f.flag)) as ReadonlySet<string>;
    },
    staleTime: Infinity,
  }),
  /** The current warehouse; null when it cannot be read (spec §8: failed detail → empty). */
  warehouseDetail: () => queryOptions({
    queryKey: ['session', 'warehouseDetail'],
    queryFn: ({ signal }) => callApi(contract.getWarehouseDetail, {}, { signal, quiet: true }).catch((error: unknown) => {
      console.error('Warehouse detail could not be read', error);
      return null;
    }),
    staleTime: Infinity,
  }),
  /** When each module of the warehouse moved to this system (10-digit seconds). */
  switchTimes: () => queryOptions({
    queryKey: ['session', 'switchTimes'],
    queryFn: ({ signal }) => callApi(contract.getWarehouseSwitchTime, {}, { signal }).then((d) => d.list),
    staleTime: Infinity,
  }),
  /** Whether a full stock count runs now; false when it cannot be read (spec §8). */
  fullStockCount: () => queryOptions({
    queryKey: ['session', 'fullStockCount'],
    queryFn: ({ signal }) => callApi(contract.getCycleCountSwitch, {}, { signal, quiet: true })
      .then((d) => d.is_open_full_stock_count)
      .catch(() => false),
    staleTime: Infinity,
  }),
  /** The names of the warehouse's members by user id: how `user` fields show (kit/resource/field-value.tsx). */
  userNames: () => queryOptions({
    queryKey: ['session', 'userNames'],
    queryFn: async ({ signal }) => {
      const { list } = await callApi(contract.getWarehouseUserNames, {}, { signal });
      return new Map(list.map((u) => [u.user_id, u.display_name])) as ReadonlyMap<number, string>;
    },
    // Members come and go rarely; a new one shows as #<id> for a few minutes at most.
    staleTime: 5 * 60_000,
  }),
  simplePassword: () => queryOptions({
    queryKey: ['session', 'simplePassword'],
    queryFn: ({ signal }) => callApi(contract.simplePasswordDeadline, {}, { signal, quiet: true }),
    staleTime: Infinity,
  }),
};

export const configQueries = {
  /** Every coded enum of spec §3, by domain name. */
  domainEnums: () => queryOptions({
    queryKey: ['config', 'domainEnums'],
    queryFn: ({ signal }) => callApi(contract.getDomainEnums, {}, { signal }).then((d) => d.enums),
    staleTime: Infinity,
  }),
  /** Public: default language and the languages offered. */
  langSetting: () => queryOptions({
    queryKey: ['config', 'langSetting'],
    queryFn: ({ signal }) => callApi(contract.getLangSetting, {}, { signal, quiet: true }),
    staleTime: Infinity,
  }),
  /** Public admin switches of the sign-in pages, as key → value. */
  adminConfig: () => queryOptions({
    queryKey: ['config', 'adminConfig'],
    queryFn: async ({ signal }) => {
      const { conf_list } = await callApi(contract.getAdminConfig, { configKeyList: 'enable_tob_login' }, { signal, quiet: true });
      return new Map(conf_list.map((c) => [c.conf_key, c.conf_value])) as ReadonlyMap<string, string>;
    },
    staleTime: 5 * 60_000,
  }),
};
