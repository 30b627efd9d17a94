import { asc, eq } from 'drizzle-orm';
import type { categoryContract } from '../../../shared/contract/catalog.contract';
import type { CategoryNode } from '../../../shared/resources/category.resource';
import { categoryNodes } from '../../db/schema';
import type { Handlers } from '../../http/register';

export const categoryHandlers: Handlers<typeof categoryContract> = {
  async getCategoryTree(_input, { db, session }) {
    // By level first, so every parent comes before its children.
    const list = await db
      .select({ category_id: categoryNodes.categoryId, parent_id: categoryNodes.parentId, level: categoryNodes.level, category_name: categoryNodes.categoryName })
      .from(categoryNodes)
      .where(eq(categoryNodes.whsId, session.whsId))
      .orderBy(asc(categoryNodes.level), asc(categoryNodes.sortOrder), asc(categoryNodes.categoryId));
    return { list: list as CategoryNode[] };
  },
};
