import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { pagingHeaderContract } from '../../../shared/contract/paging-header.contract';
import { pagingHeaders } from '../../db/schema';
import { badInput } from '../../http/errors';
import { assertStorableJson } from '../../http/input-guard';
import type { Handlers } from '../../http/register';
import { unixSeconds } from '../../common/time';

/** Saved headers per user: one per list screen is far below this; it only bounds a misbehaving client. */
const MAX_HEADERS_PER_USER = 500;


/** Spec §7 paging header: the caller's own list headers, stored as given. */
export const pagingHeaderHandlers: Handlers<typeof pagingHeaderContract> = {
  async searchPagingHeaderList(input, { db, session }) {
    const rows = await db.select().from(pagingHeaders)
      .where(and(eq(pagingHeaders.userId, session.userId), input.url_path === undefined ? undefined : eq(pagingHeaders.urlPath, input.url_path)))
      .orderBy(asc(pagingHeaders.urlPath));
    return {
      list: rows.map((r) => ({ url_path: r.urlPath, header: r.header as Record<string, unknown>, update_time: unixSeconds(r.updatedAt) })),
    };
  },

  async setPagingHeader(input, { db, session }) {
    assertStorableJson(input.header, 'header'); // stored as given, in jsonb
    const [others] = await db.select({ n: count() }).from(pagingHeaders)
      .where(and(eq(pagingHeaders.userId, session.userId), ne(pagingHeaders.urlPath, input.url_path)));
    if ((others?.n ?? 0) >= MAX_HEADERS_PER_USER) throw badInput('url_path', `at most ${MAX_HEADERS_PER_USER} lists can keep their columns`);
    const now = new Date();
    await db.insert(pagingHeaders)
      .values({ userId: session.userId, urlPath: input.url_path, header: input.header, updatedAt: now })
      .onConflictDoUpdate({ target: [pagingHeaders.userId, pagingHeaders.urlPath], set: { header: input.header, updatedAt: now } });
    return { url_path: input.url_path, update_time: unixSeconds(now) };
  },
};
