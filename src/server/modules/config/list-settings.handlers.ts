import { and, asc, eq, sql } from 'drizzle-orm';
import { BOOKMARKS_MAX } from '../../../shared/constants';
import { RET } from '../../../shared/retcodes';
import {
  LIST_TEMPLATE_TYPE, type BookmarkData, type FilterSelectData, type listSettingsContract,
} from '../../../shared/contract/list-settings.contract';
import type { Db } from '../../db/client';
import { listTemplates } from '../../db/schema';
import { ApiError, badInput, notFound } from '../../http/errors';
import type { AuthedCtx, Handlers } from '../../http/register';
import type { SessionInfo } from '../../http/session';
import { unixSeconds } from '../../common/time';

type ListTemplateType = (typeof LIST_TEMPLATE_TYPE)[keyof typeof LIST_TEMPLATE_TYPE];

/** spec §7 sends user_email; rows always belong to the session's user, so another email is refused. */
function assertOwnEmail(session: SessionInfo, email: string | undefined) {
  if (email && email !== session.email.toLowerCase()) throw badInput('user_email', 'templates are read and saved for the signed-in user only');
}

/** The session user's rows of one type in the session's warehouse. */
const mine = (session: SessionInfo, type: ListTemplateType) => and(
  eq(listTemplates.whsId, session.whsId), eq(listTemplates.userId, session.userId), eq(listTemplates.type, type),
);

/**
 * One of the session user's rows by id. Another user's or another warehouse's id is answered
 * like a missing one (-100404), so ids cannot be probed.
 */
async function findMine(db: Db, session: SessionInfo, type: ListTemplateType, templateId: number) {
  const [row] = await db.select().from(listTemplates).where(and(mine(session, type), eq(listTemplates.templateId, templateId)));
  if (!row) throw notFound(type === LIST_TEMPLATE_TYPE.BOOKMARK ? `Bookmark ${templateId}` : `Filter template ${templateId}`);
  return row;
}

async function updateMine(ctx: AuthedCtx, type: ListTemplateType, templateId: number, data: FilterSelectData | BookmarkData) {
  const { db, session } = ctx;
  const updated = await db.update(listTemplates).set({ data, updatedAt: sql`now()` })
    .where(and(mine(session, type), eq(listTemplates.templateId, templateId)))
    .returning({ templateId: listTemplates.templateId });
  if (updated.length === 0) await findMine(db, session, type, templateId); // throws the -100404
  return {};
}

async function deleteMine(ctx: AuthedCtx, type: ListTemplateType, templateId: number) {
  const { db, session } = ctx;
  const deleted = await db.delete(listTemplates)
    .where(and(mine(session, type), eq(listTemplates.templateId, templateId)))
    .returning({ templateId: listTemplates.templateId });
  if (deleted.length === 0) await findMine(db, session, type, templateId);
  return {};
}

const bookmarkOut = (row: typeof listTemplates.$inferSelect) => ({
  template_id: row.templateId,
  template_name: row.templateName,
  url_path: row.urlPath,
  key_name: row.keyName,
  data: row.data as BookmarkData,
  update_time: unixSeconds(row.updatedAt),
});

export const listSettingsHandlers: Handlers<typeof listSettingsContract> = {
  async searchFilterTemplate(input, { db, session }) {
    assertOwnEmail(session, input.user_email);
    const rows = await db.select().from(listTemplates).where(and(
      mine(session, LIST_TEMPLATE_TYPE.FILTER_SELECT), eq(listTemplates.urlPath, input.url_path),
      eq(listTemplates.keyName, input.key_name), eq(listTemplates.station, input.station),
    ));
    return {
      list: rows.map((row) => ({
        template_id: row.templateId,
        template_name: row.templateName,
        type: LIST_TEMPLATE_TYPE.FILTER_SELECT,
        user_email: session.email,
        url_path: row.urlPath,
        key_name: row.keyName,
        station: row.station,
        data: row.data as FilterSelectData,
      })),
    };
  },

  async createFilterTemplate(input, { db, session }) {
    assertOwnEmail(session, input.user_email);
    if (!Object.values(input.data).some(Boolean)) throw badInput('data', 'at least one filter must stay selected');
    // Two tabs saving at once end with one row: the second save replaces the first.
    const [row] = await db.insert(listTemplates).values({
      whsId: session.whsId, userId: session.userId, type: LIST_TEMPLATE_TYPE.FILTER_SELECT,
      urlPath: input.url_path, keyName: input.key_name, station: input.station, templateName: input.template_name, data: input.data,
    }).onConflictDoUpdate({
      target: [listTemplates.whsId, listTemplates.userId, listTemplates.urlPath, listTemplates.keyName, listTemplates.station],
      targetWhere: sql`${listTemplates.type} = 1`,
      set: { data: input.data, templateName: input.template_name, updatedAt: sql`now()` },
    }).returning({ templateId: listTemplates.templateId });
    return { template_id: row!.templateId };
  },

  async updateFilterTemplate(input, ctx) {
    if (!Object.values(input.data).some(Boolean)) throw badInput('data', 'at least one filter must stay selected');
    return updateMine(ctx, LIST_TEMPLATE_TYPE.FILTER_SELECT, input.template_id, input.data);
  },

  async deleteFilterTemplate(input, ctx) {
    return deleteMine(ctx, LIST_TEMPLATE_TYPE.FILTER_SELECT, input.template_id);
  },

  async searchBookmark(input, { db, session }) {
    const rows = await db.select().from(listTemplates)
      .where(and(mine(session, LIST_TEMPLATE_TYPE.BOOKMARK), eq(listTemplates.urlPath, input.url_path), eq(listTemplates.keyName, input.key_name)))
      .orderBy(asc(listTemplates.templateId));
    return { list: rows.map(bookmarkOut) };
  },

  async getBookmarkDetail(input, { db, session }) {
    return bookmarkOut(await findMine(db, session, LIST_TEMPLATE_TYPE.BOOKMARK, input.template_id));
  },

  async createBookmark(input, { db, session }) {
    return db.transaction(async (tx) => {
      // Creates on one user's list run one after another, so two tabs cannot both add the 6th.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bookmark:${session.whsId}:${session.userId}:${input.url_path}:${input.key_name}`}))`);
      const names = (await tx.select({ name: listTemplates.templateName }).from(listTemplates)
        .where(and(mine(session, LIST_TEMPLATE_TYPE.BOOKMARK), eq(listTemplates.urlPath, input.url_path), eq(listTemplates.keyName, input.key_name))))
        .map((r) => r.name);
      if (names.length >= BOOKMARKS_MAX) throw badInput('template_name', `Only up to ${BOOKMARKS_MAX} new bookmarks can be added`);
      if (names.includes(input.template_name)) throw new ApiError(RET.DUPLICATE, `A bookmark named ${input.template_name} already exists on this list.`);
      const [row] = await tx.insert(listTemplates).values({
        whsId: session.whsId, userId: session.userId, type: LIST_TEMPLATE_TYPE.BOOKMARK,
        urlPath: input.url_path, keyName: input.key_name, templateName: input.template_name, data: input.data,
      }).returning({ templateId: listTemplates.templateId });
      return { template_id: row!.templateId };
    });
  },

  async updateBookmark(input, ctx) {
    return updateMine(ctx, LIST_TEMPLATE_TYPE.BOOKMARK, input.template_id, input.data);
  },

  async deleteBookmark(input, ctx) {
    return deleteMine(ctx, LIST_TEMPLATE_TYPE.BOOKMARK, input.template_id);
  },
};
