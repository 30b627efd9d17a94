import { z } from 'zod';
import { endpoint } from './define';

/** Largest saved header object (serialised JSON). */
export const PAGING_HEADER_MAX_BYTES = 16 * 1024;

const urlPath = z.string().trim().min(1).max(300).regex(/^\//, 'must start with /');
const header = z.record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= PAGING_HEADER_MAX_BYTES, `is larger than ${PAGING_HEADER_MAX_BYTES / 1024} KB`);

/**
 * Column settings of lists (spec §7 "Paging header"): one free object per user and list path.
 * The server stores it as given; the client decides what it means (kit/resource/column-settings-rule.ts).
 */
export const pagingHeaderContract = {
  searchPagingHeaderList: endpoint({
    method: 'GET', path: '/apps/config/paging_header/search_paging_header_list', access: 'session',
    summary: 'The caller\'s saved list headers: all of them, or the one of `url_path`.',
    input: z.object({ url_path: urlPath.optional() }),
    output: z.object({
      list: z.array(z.object({ url_path: z.string(), header: z.record(z.string(), z.unknown()), update_time: z.number().int() })),
    }),
  }),
  setPagingHeader: endpoint({
    method: 'POST', path: '/apps/config/paging_header/set_paging_header', access: 'session',
    summary: 'Saves the caller\'s header object of a list (replacing the previous one). Spec §7 adds a `time` query parameter, a cache-buster the server ignores.',
    input: z.object({ url_path: urlPath, header }),
    output: z.object({ url_path: z.string(), update_time: z.number().int() }),
  }),
} as const;
