import { z } from 'zod';
import { MAX_SQL_INT } from './define';

/** Value schemas the contract files share, apart from define.ts so the app's first script carries no zod. */

/** A serial id (user, role, department, storey…): a positive `integer`, from JSON or a query string. */
export const rowId = () => z.coerce.number().int().min(1).max(MAX_SQL_INT);

/** Helpers for query-string inputs: GET values arrive as strings. */
export const q = {
  int: () => z.coerce.number().int(),
  bool01: () => z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)]).transform((v) => Number(v) === 1),
  str: (max = 200) => z.string().trim().max(max),
};
