// What the records of the organisation structure (organisations, positions, roles, groups) have in common: the
// fields every form of theirs ends with, the state filter of their lists, the check that a name and a code are
// free, and the refusals of a name and a code in the three languages.
import type { Localized } from '@jnpf/core';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { refuse } from '../../platform/errors.js';
import { enabledMarkField, sortCodeField, textField, versionField } from '../../platform/fields.js';
import type { MessageKey } from '../../platform/i18n.js';

/** the end of every form: state, sort, description and the version the client read */
export const formTailFields = {
  enabledMark: enabledMarkField,
  sortCode: sortCodeField,
  description: textField(500),
  version: versionField,
};

/** what the end of a form gives the service */
export interface FormTail {
  enabledMark: number;
  sortCode?: number | null;
  description: string | null;
  version?: number | null;
}

/** the stored values of a form's end (a missing sort code is 0) */
export const formTailValues = (input: FormTail) => ({
  enabledMark: input.enabledMark,
  sortCode: input.sortCode ?? 0,
  description: input.description,
});

/** a list's filter on a 0/1 column (state, type): empty for all, or 0 / 1 */
export const flagFilter = z.union([z.literal(''), z.coerce.number().int().min(0).max(1)]).optional();

type NamedTable = PgTable & { id: PgColumn; fullName: PgColumn; enCode: PgColumn };

/**
 * refuses a name another row holds within `nameScope` (the whole table when none), then a code another row of the
 * table holds; `selfId` is the row being updated
 */
export async function refuseTakenName(
  tx: Tx,
  table: NamedTable,
  input: { fullName: string; enCode: string },
  selfId: string | null,
  refusals: { nameExists: MessageKey; codeExists: MessageKey; nameScope?: SQL },
): Promise<void> {
  const others = selfId ? ne(table.id, selfId) : undefined;
  const taken = (condition: SQL) =>
    tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(condition, others))
      .limit(1);
  const [sameName] = await taken(and(refusals.nameScope, eq(table.fullName, input.fullName))!);
  if (sameName) throw refuse(refusals.nameExists);
  const [sameCode] = await taken(eq(table.enCode, input.enCode));
  if (sameCode) throw refuse(refusals.codeExists);
}

/**
 * the refusals of an empty or taken name and code for a record called `noun` (岗位, position): the reference words
 * them all alike, "岗位名称不能为空", "岗位编码不能重复"
 */
export const nameCodeRefusals = (noun: Localized) => ({
  nameRequired: {
    zh: `${noun.zh}名称不能为空`,
    zhtw: `${noun.zhtw}名稱不能為空`,
    en: `The ${noun.en} name cannot be empty`,
  },
  codeRequired: {
    zh: `${noun.zh}编码不能为空`,
    zhtw: `${noun.zhtw}編碼不能為空`,
    en: `The ${noun.en} code cannot be empty`,
  },
  nameExists: {
    zh: `${noun.zh}名称不能重复`,
    zhtw: `${noun.zhtw}名稱不能重複`,
    en: `The ${noun.en} name is already in use`,
  },
  codeExists: {
    zh: `${noun.zh}编码不能重复`,
    zhtw: `${noun.zhtw}編碼不能重複`,
    en: `The ${noun.en} code is already in use`,
  },
});
