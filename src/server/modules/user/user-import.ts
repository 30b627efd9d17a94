import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { STAFF_EMPLOYMENT, STAFF_STATUS, type CodeList } from '../../../shared/codes';
import {
  USER_IMPORT_COLUMNS, USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS, USER_IMPORT_MAX_UNFINISHED, USER_IMPORT_OUTCOME, resultFileName, type UserImportColumn, type UserImportFormat,
} from '../../../shared/contract/user-import.contract';
import { USER_ADMIN_ACTIONS, userlistContract } from '../../../shared/contract/userlist.contract';
import { RET } from '../../../shared/retcodes';
import type { Db } from '../../db/client';
import { roles, staffDepartments, userImportRows, userImportTasks, userWarehouses, users, wfmDepartments } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { DUMMY_HASH } from '../../common/passwords';
import type { Cell } from '../../common/sheets/sheet';
import { writeSheet } from '../../common/sheets/sheet-file';
import {
  headerKey, invalidFile, matchHeader, readUploadSheet, rowCells, takeUploadSlot as takeSlot, tooManyRows, uploadFormat as formatOf,
} from '../../common/sheet-import';
import type { Actor } from '../../common/account-rules';
import { createBpoAccount, editMember } from './userlist.handlers';

/**
 * User import (docs/user-admin.md "User import"): reading an upload into rows (all or nothing,
 * at once), applying one row with the rules of create_bpo_user and edit_user (the background
 * worker calls it: user-import-worker.ts), and the template and result files.
 */

type Outcome = (typeof USER_IMPORT_OUTCOME)['values'][keyof (typeof USER_IMPORT_OUTCOME)['values']];
export type ImportCells = Partial<Record<UserImportColumn, string>>;

/** A file read for import: its format, the template columns its header has (template order) and its data rows. */
export interface ReadUpload {
  format: UserImportFormat;
  columns: UserImportColumn[];
  rows: { rowNo: number; cells: ImportCells; outcome?: Outcome; message?: string }[];
}

const LABEL = Object.fromEntries(USER_IMPORT_COLUMNS.map((c) => [c.key, c.label])) as Record<UserImportColumn, string>;
const LIMITS = { maxBytes: USER_IMPORT_MAX_BYTES, maxRows: USER_IMPORT_MAX_ROWS, maxUnfinished: USER_IMPORT_MAX_UNFINISHED };

/** Which template column each header cell names; -288004 when Email is missing, a column repeats, or nothing else is read. */
function headerColumns(header: readonly string[]): Map<number, UserImportColumn> {
  const { found, repeated } = matchHeader(header, USER_IMPORT_COLUMNS);
  const present = new Set(found.values());
  const missing = present.has('email') ? [] : [LABEL.email];
  const columns = USER_IMPORT_COLUMNS.map((c) => c.label);
  if (missing.length > 0 || repeated.length > 0 || present.size < 2) {
    const why = missing.length > 0 ? `it has no ${LABEL.email} column`
      : repeated.length > 0 ? `it names ${repeated.map((c) => LABEL[c]).join(', ')} more than once`
        : 'it names no column to change besides Email';
    throw new ApiError(RET.IMPORT_HEADER_INVALID, `The first row must be the header: ${why}. The columns read are ${columns.join(', ')} (download the template).`, { missing, repeated: repeated.map((c) => LABEL[c]), columns });
  }
  return found;
}

/** Takes one of the uploader's slots for an upload about to be read (common/sheet-import.ts), or refuses with -100429. */
export const takeUploadSlot = (db: Db, who: { whsId: string; userId: number }) => takeSlot(db, who, userImportTasks, LIMITS.maxUnfinished);

/** The format of an upload by its name, or -288002 / -288001 for its size or name before anything is read. */
export const uploadFormat = (fileName: string, bytes: Uint8Array): UserImportFormat => formatOf(fileName, bytes, LIMITS);

/**
 * Reads an upload into the rows to apply (in a worker thread, under its budget), refusing the
 * whole file with its own retcode when it is not a sheet (-288001), too long (-288003) or its
 * header is wrong (-288004). Rows with nothing in the columns read are skipped; a row repeating
 * an earlier row's email, or holding text that cannot be stored, is refused at once.
 */
export async function readUpload(format: UserImportFormat, bytes: Uint8Array): Promise<ReadUpload> {
  const { header, data } = await readUploadSheet(format, bytes, LIMITS.maxRows, 'a row per user');
  const columnAt = headerColumns(header);
  const columns = USER_IMPORT_COLUMNS.map((c) => c.key).filter((key) => [...columnAt.values()].includes(key));
  const rows: ReadUpload['rows'] = [];
  const firstRowOf = new Map<string, number>();
  for (const { rowNo, cells: rowText } of data) {
    const { cells: stored, changed } = rowCells(rowText, columnAt);
    if (Object.keys(stored).length === 0) continue;
    const email = stored.email?.toLowerCase();
    const earlier = email ? firstRowOf.get(email) : undefined;
    if (email && earlier === undefined) firstRowOf.set(email, rowNo);
    if (changed) {
      rows.push({ rowNo, cells: stored, outcome: USER_IMPORT_OUTCOME.values.REFUSED, message: 'A cell holds characters that cannot be stored (NUL or broken Unicode).' });
    } else if (earlier !== undefined) {
      rows.push({ rowNo, cells: stored, outcome: USER_IMPORT_OUTCOME.values.REFUSED, message: `${LABEL.email}: row ${earlier} has this email already; an import changes each account once.` });
    } else rows.push({ rowNo, cells: stored });
  }
  if (rows.length === 0) throw invalidFile('The file has a header but no rows to import.');
  if (rows.length > LIMITS.maxRows) throw tooManyRows(rows.length, LIMITS.maxRows);
  return { format, columns, rows };
}

// ---- applying a row ----

/** A row the rules refuse: its reason goes to the result file as it is. */
class RowRefusal extends Error {}

/** The warehouse's roles and departments by name, read once per run of a task. */
export interface ImportNames {
  roles: { roleId: number; roleName: string }[];
  departments: { departmentId: number; departmentName: string }[];
}

export async function importNames(db: Db, whsId: string): Promise<ImportNames> {
  const [roleRows, departmentRows] = await Promise.all([
    db.select({ roleId: roles.roleId, roleName: roles.roleName }).from(roles).where(eq(roles.whsId, whsId)),
    db.select({ departmentId: wfmDepartments.departmentId, departmentName: wfmDepartments.departmentName }).from(wfmDepartments).where(eq(wfmDepartments.whsId, whsId)),
  ]);
  return { roles: roleRows, departments: departmentRows };
}

/** The one entry named so: exactly as written, else the only one in any case. */
function byName<T>(entries: readonly T[], nameOf: (entry: T) => string, text: string, what: UserImportColumn): T {
  const exact = entries.filter((e) => nameOf(e) === text);
  const anyCase = exact.length > 0 ? exact : entries.filter((e) => nameOf(e).toLowerCase() === text.toLowerCase());
  if (anyCase.length === 1) return anyCase[0]!;
  if (anyCase.length === 0) throw new RowRefusal(`${LABEL[what]}: this warehouse has none named "${text}".`);
  throw new RowRefusal(`${LABEL[what]}: several are named "${text}" in other cases; write the name exactly.`);
}

/** A code of the list by its name, label or number (`Leave of Absence`, `LEAVE_OF_ABSENCE`, `3`). */
function codeOf<V extends number>(list: CodeList<Readonly<Record<string, number>>, V>, text: string, what: UserImportColumn): V {
  const key = headerKey(text);
  const option = list.options.find((o) => headerKey(o.name) === key || headerKey(o.label.id) === key || String(o.value) === text);
  if (!option) throw new RowRefusal(`${LABEL[what]}: "${text}" is not one of ${list.options.map((o) => o.label.id).join(', ')}.`);
  return option.value;
}

/** What a refusal of the shared rules says, with the import's column names for their fields. */
const FIELD_COLUMN: Readonly<Record<string, UserImportColumn>> = {
  email: 'email', display_name: 'display_name', local_name: 'local_name', role_id: 'role_name', department_id: 'department_name',
  employment_type: 'employment_type', status: 'status', reason: 'reason',
};
function refusalText(issues: readonly { path: string; message: string }[]): string {
  return issues.map((i) => {
    const column = FIELD_COLUMN[i.path];
    return column ? `${LABEL[column]}: ${i.message}` : i.message;
  }).join('; ');
}

/** The input of a call, checked by its own schema: the import takes the rules of the calls as they are. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new RowRefusal(refusalText(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
  return result.data;
}

const mayDo = (actor: Actor, perm: string) => actor.isSuperAdmin || actor.perms.has(perm);

export interface RowResult {
  outcome: Outcome;
  userId: number | null;
  message: string;
}

/** The member of the warehouse with this email (any case), with what an import may change. */
async function memberByEmail(db: Db, whsId: string, email: string) {
  const [member] = await db.select({
    userId: users.userId, displayName: users.displayName, localName: users.localName, roleId: userWarehouses.roleId,
    employmentType: users.employmentType, status: users.staffStatus, departmentId: staffDepartments.departmentId,
  }).from(userWarehouses)
    .innerJoin(users, eq(users.userId, userWarehouses.userId))
    .leftJoin(staffDepartments, and(eq(staffDepartments.whsId, userWarehouses.whsId), eq(staffDepartments.userId, userWarehouses.userId)))
    .where(and(eq(userWarehouses.whsId, whsId), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return member;
}

async function applyRow(db: Db, actor: Actor, whsId: string, names: ImportNames, cells: ImportCells): Promise<RowResult> {
  const email = cells.email;
  if (!email) throw new RowRefusal(`${LABEL.email}: required.`);
  const role = cells.role_name === undefined ? undefined : byName(names.roles, (r) => r.roleName, cells.role_name, 'role_name');
  const department = cells.department_name === undefined ? undefined : byName(names.departments, (d) => d.departmentName, cells.department_name, 'department_name');
  const employmentType = cells.employment_type === undefined ? undefined : codeOf(STAFF_EMPLOYMENT, cells.employment_type, 'employment_type');
  const status = cells.status === undefined ? undefined : codeOf(STAFF_STATUS, cells.status, 'status');

  const member = await memberByEmail(db, whsId, email);
  if (!member) {
    if (!mayDo(actor, USER_ADMIN_ACTIONS.createBpoUser)) throw new RowRefusal(`Creating accounts needs the permission ${USER_ADMIN_ACTIONS.createBpoUser}.`);
    if (status !== undefined && status !== STAFF_STATUS.values.ACTIVE) throw new RowRefusal(`${LABEL.status}: a new account starts Active; change its status once it exists.`);
    if (!cells.display_name) throw new RowRefusal(`${LABEL.display_name}: required for a new account.`);
    if (!role) throw new RowRefusal(`${LABEL.role_name}: required for a new account.`);
    const input = parsed(userlistContract.createBpoUser.input, {
      email, display_name: cells.display_name, local_name: cells.local_name, role_id: role.roleId, employment_type: employmentType, department_id: department?.departmentId,
    });
    // Nobody knows an imported account's password: an administrator gives one with Reset Password.
    const userId = await createBpoAccount(db, actor, whsId, input, async () => DUMMY_HASH);
    return { outcome: USER_IMPORT_OUTCOME.values.CREATED, userId, message: 'New BPO account without a password: give one with Reset Password.' };
  }

  // Only what differs is changed: re-importing a file changes nothing twice.
  const changes: Record<string, unknown> = {};
  const changed: UserImportColumn[] = [];
  const differs = <V>(column: UserImportColumn, field: string, next: V | undefined, current: V) => {
    if (next === undefined || next === current) return;
    changes[field] = next;
    changed.push(column);
  };
  differs('display_name', 'display_name', cells.display_name, member.displayName);
  differs('local_name', 'local_name', cells.local_name, member.localName);
  differs('role_name', 'role_id', role?.roleId, member.roleId);
  differs('department_name', 'department_id', department?.departmentId, member.departmentId);
  differs('employment_type', 'employment_type', employmentType, member.employmentType);
  differs('status', 'status', status, member.status);
  if (changed.length === 0) return { outcome: USER_IMPORT_OUTCOME.values.UNCHANGED, userId: member.userId, message: '' };
  if (!mayDo(actor, USER_ADMIN_ACTIONS.editUser)) throw new RowRefusal(`Changing members needs the permission ${USER_ADMIN_ACTIONS.editUser}.`);
  const input = parsed(userlistContract.editUser.input, { user_id: member.userId, ...changes, reason: cells.reason });
  await editMember(db, actor, whsId, input);
  return { outcome: USER_IMPORT_OUTCOME.values.UPDATED, userId: member.userId, message: `Changed: ${changed.map((c) => LABEL[c]).join(', ')}.` };
}

/**
 * Applies one row in its own savepoint of `tx`: what the rules refuse (the row's reason) changes
 * nothing and is answered as refused; any other failure is thrown.
 */
export async function applyImportRow(tx: Db, actor: Actor, whsId: string, names: ImportNames, cells: ImportCells): Promise<RowResult> {
  try {
    return await tx.transaction((savepoint) => applyRow(savepoint, actor, whsId, names, cells));
  } catch (error) {
    if (error instanceof RowRefusal) return { outcome: USER_IMPORT_OUTCOME.values.REFUSED, userId: null, message: error.message };
    if (error instanceof ApiError) {
      const issues = (error.data as { issues?: { path: string; message: string }[] } | null)?.issues;
      return { outcome: USER_IMPORT_OUTCOME.values.REFUSED, userId: null, message: issues ? refusalText(issues) : error.message };
    }
    throw error;
  }
}

// ---- files ----

const TEMPLATE_NAME = 'user_import_template';

/** The template: the header row of every column read, in the file's format. */
export async function templateFile(format: UserImportFormat): Promise<{ bytes: Uint8Array; fileName: string }> {
  const sheet = { header: USER_IMPORT_COLUMNS.map((c) => c.label), rows: [] };
  return { bytes: await writeSheet(format, sheet, 'Users'), fileName: `${TEMPLATE_NAME}.${format}` };
}

/** Column headers of the result beside the file's own; a result file uploaded again leaves them alone. */
const RESULT_HEADERS = { row: 'Row', outcome: 'Import Result', message: 'Import Message' } as const;

/**
 * An import's result: the file's rows (their number, the columns it had) with what became of each
 * and why, in its format; rows a stopped import never reached say so.
 */
export async function resultFile(db: Db, task: typeof userImportTasks.$inferSelect) {
  const rows = await db.select().from(userImportRows)
    .where(and(eq(userImportRows.whsId, task.whsId), eq(userImportRows.taskId, task.taskId))).orderBy(asc(userImportRows.rowNo));
  const columns = task.columns as UserImportColumn[];
  const sheet = {
    header: [RESULT_HEADERS.row, ...columns.map((c) => LABEL[c]), RESULT_HEADERS.outcome, RESULT_HEADERS.message],
    rows: rows.map((r): Cell[] => [
      r.rowNo, ...columns.map((c) => (r.cells as ImportCells)[c] ?? null),
      r.outcome === null ? 'Not applied' : USER_IMPORT_OUTCOME.label(r.outcome)?.id ?? String(r.outcome), r.message,
    ]),
  };
  const format = task.fileFormat;
  return { bytes: await writeSheet(format, sheet, 'Result'), fileName: resultFileName(task.fileName, format), format };
}
