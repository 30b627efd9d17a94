import { z } from 'zod';
import { BOOKMARKS_MAX } from '../constants';
import { MAX_FILTER_VALUES } from '../resources/define';
import { endpoint } from './define';
import { rowId } from './values';

/**
 * Saved list settings of the signed-in user in the session's warehouse (spec §3 "Saved filter
 * template", §2 Bookmarks, §7): the filter-select choice of a list (type 1) and its bookmarks
 * (type 2). Any signed-in user may call them; each only ever reads and changes their own rows.
 */

export const LIST_TEMPLATE_TYPE = { FILTER_SELECT: 1, BOOKMARK: 2 } as const;

/** Longest bookmark data, as JSON text: a filter state is small; this keeps a row bounded. */
export const MAX_BOOKMARK_DATA_CHARS = 16_384;
/** Most filters a list may have (keys of a filter-select template or bookmark). */
export const MAX_TEMPLATE_KEYS = 100;
export const MAX_TEMPLATE_NAME = 64;

/** A list's route, as the manifest writes it: `/wmsbasic/supplier`. */
const urlPath = z.string().trim().min(1).max(200).regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a route path such as /wmsbasic/supplier');
const keyName = z.string().trim().max(64).default('');
const station = z.string().trim().max(64).default('');
const templateId = rowId();
/** A filter prop or query key: `supplier_id`, `create_time_from`. */
const filterKey = z.string().min(1).max(128).regex(/^[A-Za-z0-9_.:+-]+$/, 'must be a filter prop');
/** Sent for compatibility with spec §7; it must be the signed-in user's (rows are always theirs). */
const userEmail = z.string().trim().toLowerCase().max(254).optional();

const boundedKeys = <T extends z.ZodType>(schema: z.ZodRecord<z.ZodString, T>) =>
  schema.refine((r) => Object.keys(r).length <= MAX_TEMPLATE_KEYS, `at most ${MAX_TEMPLATE_KEYS} filters`);

/** Filter-select choice: each filter prop (stable across languages) → shown. */
export const filterSelectData = boundedKeys(z.record(filterKey, z.boolean()));
export type FilterSelectData = z.infer<typeof filterSelectData>;

// A card filter's pasted ids travel as one comma-separated string: only the whole is bounded.
const scalar = z.union([z.string().max(MAX_BOOKMARK_DATA_CHARS), z.number().finite()]);
/** Bookmark data: the list's search (query key → value or list of values), bounded in size. */
export const bookmarkData = boundedKeys(z.record(filterKey, z.union([scalar, z.array(scalar).max(MAX_FILTER_VALUES)])))
  .refine((d) => JSON.stringify(d).length <= MAX_BOOKMARK_DATA_CHARS, `at most ${MAX_BOOKMARK_DATA_CHARS} characters of JSON`);
export type BookmarkData = z.infer<typeof bookmarkData>;

const templateName = z.string().trim().min(1).max(MAX_TEMPLATE_NAME);

const filterTemplate = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  type: z.literal(LIST_TEMPLATE_TYPE.FILTER_SELECT),
  user_email: z.string(),
  url_path: z.string(),
  key_name: z.string(),
  station: z.string(),
  data: filterSelectData,
});

const bookmark = z.object({
  template_id: z.number().int(),
  template_name: z.string(),
  url_path: z.string(),
  key_name: z.string(),
  data: bookmarkData,
  /** Last saved, 10-digit seconds. */
  update_time: z.number().int(),
});
export type Bookmark = z.infer<typeof bookmark>;

const ok = z.object({});
const created = z.object({ template_id: z.number().int() });

export const listSettingsContract = {
  searchFilterTemplate: endpoint({
    method: 'GET', path: '/apps/config/filter_template/search_filter_template', access: 'session',
    summary: 'My filter-select templates of a list (at most one per key and station).',
    input: z.object({ user_email: userEmail, type: z.coerce.number().pipe(z.literal(LIST_TEMPLATE_TYPE.FILTER_SELECT)).default(LIST_TEMPLATE_TYPE.FILTER_SELECT), url_path: urlPath, key_name: keyName, station }),
    output: z.object({ list: z.array(filterTemplate) }),
  }),
  createFilterTemplate: endpoint({
    method: 'POST', path: '/apps/config/filter_template/create_filter_template', access: 'session',
    summary: 'Save my filter-select choice of a list; one already saved for the list, key and station is replaced.',
    input: z.object({
      user_email: userEmail, type: z.literal(LIST_TEMPLATE_TYPE.FILTER_SELECT).default(LIST_TEMPLATE_TYPE.FILTER_SELECT),
      data: filterSelectData, url_path: urlPath, key_name: keyName, template_name: templateName.default('filter'), station,
    }),
    output: created,
  }),
  updateFilterTemplate: endpoint({
    method: 'POST', path: '/apps/config/filter_template/update_filter_template', access: 'session',
    summary: 'Change the data of one of my filter-select templates.',
    input: z.object({ template_id: templateId, data: filterSelectData }),
    output: ok,
  }),
  deleteFilterTemplate: endpoint({
    method: 'POST', path: '/apps/config/filter_template/delete_filter_template', access: 'session',
    summary: 'Delete one of my filter-select templates (the list shows its default filters again).',
    input: z.object({ template_id: templateId }),
    output: ok,
  }),
  searchBookmark: endpoint({
    method: 'GET', path: '/apps/config/bookmark/search_bookmark', access: 'session',
    summary: 'My bookmarks of a list, oldest first.',
    input: z.object({ url_path: urlPath, key_name: keyName }),
    output: z.object({ list: z.array(bookmark) }),
  }),
  getBookmarkDetail: endpoint({
    method: 'GET', path: '/apps/config/bookmark/get_bookmark_detail', access: 'session',
    summary: 'One of my bookmarks, to load it.',
    input: z.object({ template_id: templateId }),
    output: bookmark,
  }),
  createBookmark: endpoint({
    method: 'POST', path: '/apps/config/bookmark/create_bookmark', access: 'session',
    summary: `Save the filter state of a list as a new bookmark (at most ${BOOKMARKS_MAX} per list; names unique on the list).`,
    input: z.object({ url_path: urlPath, key_name: keyName, template_name: templateName, data: bookmarkData }),
    output: created,
  }),
  updateBookmark: endpoint({
    method: 'POST', path: '/apps/config/bookmark/update_bookmark', access: 'session',
    summary: 'Save a filter state over one of my bookmarks.',
    input: z.object({ template_id: templateId, data: bookmarkData }),
    output: ok,
  }),
  deleteBookmark: endpoint({
    method: 'POST', path: '/apps/config/bookmark/delete_bookmark', access: 'session',
    summary: 'Delete one of my bookmarks.',
    input: z.object({ template_id: templateId }),
    output: ok,
  }),
} as const;
