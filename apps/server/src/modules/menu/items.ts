// The permission items of a menu: buttons (/api/system/ModuleButton), list columns (/api/system/ModuleColumn)
// and form fields (/api/system/ModuleForm). Columns and form fields of online forms
// store their code with the table they belong to ("jnpf_<table>_jnpf_<field>" for a secondary table,
// "<childTableKey>-<field>" for a sub-table), as the reference does; lists and info show the bare field.
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { buttonName, type ButtonCode, type Language } from '@jnpf/core';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { moduleButton, moduleColumn, moduleForm } from '../../db/schema/index.js';
import { writeAudit } from '../../platform/audit.js';
import type { StatefulTable } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import {
  coercedVersionField,
  fieldMessages,
  flag01,
  idText,
  integerIn,
  optionalText,
  requiredCode,
  requiredText,
  SORT_CODE_MAX,
  sortCode,
} from '../../platform/fields.js';
import { newId } from '../../platform/ids.js';
import { containsPattern } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';
import { MENU_SCREEN } from './menus.js';
import { bySortThenNewest, requireMenu, tree } from './service.js';
import { deleteWithGrantsRoute, rowRoutes, stateRoute, withoutVersion } from './tableRoutes.js';

const read = { module: MENU_SCREEN };
const write = (button: ButtonCode) => ({ module: MENU_SCREEN, button });
const keywordQuery = z.object({ keyword: z.string().trim().max(100).default('') });

// ---------------------------------------------------------------------------------------------- buttons

type ButtonRow = typeof moduleButton.$inferSelect;
const BUTTON = '/api/system/ModuleButton';

const buttonBody = z.object({
  moduleId: idText,
  parentId: idText.default('-1'),
  fullName: requiredText(m.nameRequired),
  enCode: requiredCode(m.codeRequired),
  icon: optionalText(200),
  urlAddress: optionalText(1000),
  enabledMark: flag01(1),
  sortCode,
  description: optionalText(500),
  version: coercedVersionField,
});
type ButtonBody = z.infer<typeof buttonBody>;

const buttonInfo = (b: ButtonRow) => ({
  ...pick(b, 'id', 'moduleId', 'parentId', 'fullName', 'enCode', 'enabledMark', 'sortCode', 'creatorTime', 'version'),
  ...blankIfNull(b, 'icon', 'urlAddress', 'description'),
});

/** a button as lists show it: a seeded button named in the caller's language (unless an administrator renamed it) */
const shownButton =
  (lang: Language) =>
  <R extends { enCode: string; fullName: string }>(r: R): R =>
    lang === 'zh' ? r : { ...r, fullName: buttonName(r.enCode, r.fullName, lang) };

async function checkButton(tx: Tx, body: ButtonBody, id?: string) {
  await requireMenu(tx, body.moduleId);
  const siblings = await tx
    .select({ id: moduleButton.id, enCode: moduleButton.enCode })
    .from(moduleButton)
    .where(eq(moduleButton.moduleId, body.moduleId));
  if (siblings.some((s) => s.id !== id && s.enCode === body.enCode)) throw refuse('codeExists');
  if (body.parentId !== '-1' && (body.parentId === id || !siblings.some((s) => s.id === body.parentId)))
    throw refuse(m.buttonParentNotFound);
}

const buttonRoutes = [
  route({
    method: 'GET',
    url: `${BUTTON}/:menuId/List`,
    permission: read,
    summary: 'Buttons of a menu; a tree when some button sits under another',
    params: z.object({ menuId: idText }),
    query: keywordQuery,
    async handler({ app, params, query, lang }) {
      const conditions: SQL[] = [eq(moduleButton.moduleId, params.menuId)];
      // in Chinese the stored names are the shown ones; in another language the keyword matches the shown name
      // (a menu's buttons are few)
      if (query.keyword && lang === 'zh') {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(moduleButton.fullName, like), ilike(moduleButton.enCode, like))!);
      }
      const keyword = lang === 'zh' ? '' : query.keyword.toLowerCase();
      const rows = (
        await app.db
          .select()
          .from(moduleButton)
          .where(and(...conditions))
      )
        .map(buttonInfo)
        .map(shownButton(lang))
        .filter(
          (r) => !keyword || r.fullName.toLowerCase().includes(keyword) || r.enCode.toLowerCase().includes(keyword),
        );
      const ids = new Set(rows.map((r) => r.id));
      const nested = rows.some((r) => ids.has(r.parentId));
      return ok({
        list: nested ? tree(rows) : [...rows].sort(bySortThenNewest),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${BUTTON}/:menuId/Selector`,
    permission: read,
    summary: 'Buttons of a menu as a tree',
    params: z.object({ menuId: idText }),
    async handler({ app, params, lang }) {
      const rows = await app.db.select().from(moduleButton).where(eq(moduleButton.moduleId, params.menuId));
      return ok({ list: tree(rows.map(buttonInfo).map(shownButton(lang))) });
    },
  }),
  ...rowRoutes({
    base: BUTTON,
    table: moduleButton,
    auditName: 'moduleButton',
    summaries: {
      one: 'One button',
      create: 'Add a button to a menu (codes are unique within the menu)',
      update: 'Update a button',
    },
    body: buttonBody,
    info: buttonInfo,
    async values(tx, body, before) {
      await checkButton(tx, body, before?.id);
      return withoutVersion(body);
    },
  }),
  ...stateAndDelete(BUTTON, moduleButton, 'moduleButton', 'button'),
];

// --------------------------------------------------------------------------------- columns and form fields

const fieldRule = integerIn(0, 2, fieldMessages.numberInvalid, 0);

/** the stored code of a column or form field: prefixed with its table for secondary and sub-tables */
export function storedCode(v: {
  enCode: string;
  fieldRule: number;
  bindTable?: string | null;
  childTableKey?: string | null;
}) {
  if (v.fieldRule === 1 && v.bindTable) return `jnpf_${v.bindTable}_jnpf_${v.enCode}`;
  if (v.fieldRule === 2 && v.childTableKey) return `${v.childTableKey}-${v.enCode}`;
  return v.enCode;
}

/** the field as the user typed it */
export function bareCode(v: { enCode: string; fieldRule: number; bindTable?: string | null }) {
  let code = v.enCode;
  if (v.fieldRule === 2 && code.includes('-')) code = code.slice(code.indexOf('-') + 1);
  if (v.fieldRule === 1 && v.bindTable) code = code.replace(`jnpf_${v.bindTable}_jnpf_`, '');
  return code;
}

interface FieldKind {
  base: string;
  table: typeof moduleColumn | typeof moduleForm;
  auditName: string;
  grantType: 'column' | 'form';
  batchKey: 'columnJson' | 'formJson';
  withTableName: boolean;
  noun: string;
}

function fieldItemRoutes(kind: FieldKind) {
  // the two tables share every column used here (moduleForm lacks only bindTableName, handled by withTableName)
  const table = kind.table as typeof moduleColumn;
  type Row = typeof moduleColumn.$inferSelect;
  const body = z.object({
    moduleId: idText,
    fullName: requiredText(m.nameRequired),
    enCode: requiredCode(m.codeRequired),
    bindTable: optionalText(200),
    bindTableName: optionalText(200),
    fieldRule,
    childTableKey: optionalText(200),
    enabledMark: flag01(1),
    sortCode,
    description: optionalText(500),
    version: coercedVersionField,
  });
  type Body = z.infer<typeof body>;
  const batchEntry = z.object({
    fullName: requiredText(m.nameRequired),
    enCode: requiredCode(m.codeRequired),
    bindTable: optionalText(200),
    bindTableName: optionalText(200),
    fieldRule: integerIn(0, 2, fieldMessages.numberInvalid).optional(),
    childTableKey: optionalText(200),
    enabledMark: flag01(1),
    sortCode: integerIn(0, SORT_CODE_MAX, fieldMessages.numberInvalid).optional(),
    description: optionalText(500),
  });
  // the entries arrive as an array or as its JSON text
  const entries = z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.array(batchEntry).max(500).optional());
  const batchBody = z
    .object({
      moduleId: idText,
      bindTable: optionalText(200),
      bindTableName: optionalText(200),
      fieldRule,
      childTableKey: optionalText(200),
      sortCode,
      columnJson: entries,
      formJson: entries,
    })
    .refine((b) => (b[kind.batchKey]?.length ?? 0) > 0, { path: [kind.batchKey], message: msg(m.batchEmpty) });

  const info = (r: Row) => ({
    ...pick(r, 'id', 'moduleId', 'fullName', 'fieldRule', 'enabledMark', 'sortCode', 'creatorTime', 'version'),
    ...blankIfNull(r, 'bindTable', 'description'),
    ...(kind.withTableName ? { bindTableName: r.bindTableName ?? '' } : {}),
    enCode: bareCode(r),
    childTableKey: r.childTableKey ?? 'tableField',
  });
  const valuesOf = (b: Omit<Body, 'version'>) => ({
    moduleId: b.moduleId,
    fullName: b.fullName,
    enCode: storedCode(b),
    bindTable: b.bindTable,
    ...(kind.withTableName ? { bindTableName: b.bindTableName } : {}),
    fieldRule: b.fieldRule,
    childTableKey: b.childTableKey,
    enabledMark: b.enabledMark,
    sortCode: b.sortCode,
    description: b.description,
  });
  const takenCodes = async (tx: Tx, moduleId: string, exceptId?: string) =>
    new Set(
      (await tx.select({ id: table.id, enCode: table.enCode }).from(table).where(eq(table.moduleId, moduleId)))
        .filter((r) => r.id !== exceptId)
        .map((r) => r.enCode),
    );

  return [
    route({
      method: 'GET',
      url: `${kind.base}/:moduleId/Fields`,
      permission: read,
      summary: `${kind.noun} of a menu (codes without their table prefix)`,
      params: z.object({ moduleId: idText }),
      query: keywordQuery,
      async handler({ app, params, query }) {
        const conditions: SQL[] = [eq(table.moduleId, params.moduleId)];
        if (query.keyword) {
          const like = containsPattern(query.keyword);
          conditions.push(or(ilike(table.fullName, like), ilike(table.enCode, like))!);
        }
        const rows = await app.db
          .select()
          .from(table)
          .where(and(...conditions));
        rows.sort(bySortThenNewest);
        return ok({ list: rows.map(info) });
      },
    }),
    route({
      method: 'GET',
      url: `${kind.base}/:moduleId/FieldList`,
      permission: read,
      summary: `Fields of the online form behind the menu, to pick ${kind.noun.toLowerCase()} from ([{field, fieldName}])`,
      params: z.object({ moduleId: idText }),
      async handler({ app, params }) {
        await requireMenu(app.db, params.moduleId, 'notFound');
        // the online-form designs (visualdev) are not part of the platform yet: no fields to offer
        return ok([]);
      },
    }),
    ...rowRoutes({
      base: kind.base,
      table,
      auditName: kind.auditName,
      summaries: {
        one: `One of the ${kind.noun.toLowerCase()}`,
        create: `Add one of the ${kind.noun.toLowerCase()} to a menu (fields are unique within the menu)`,
        update: `Update one of the ${kind.noun.toLowerCase()}`,
      },
      body,
      info,
      async values(tx, body, before) {
        await requireMenu(tx, body.moduleId);
        if ((await takenCodes(tx, body.moduleId, before?.id)).has(storedCode(body))) throw refuse(m.fieldNameExists);
        return valuesOf(body);
      },
    }),
    route({
      method: 'POST',
      url: `${kind.base}/Actions/Batch`,
      permission: write('btn_add'),
      summary: `Add several ${kind.noun.toLowerCase()} at once (${kind.batchKey}); table settings given once apply to every entry without its own`,
      body: batchBody,
      async handler({ app, req, principal, body }) {
        const entries = (body[kind.batchKey] ?? []).map((e) => ({
          moduleId: body.moduleId,
          fullName: e.fullName,
          enCode: e.enCode,
          bindTable: e.bindTable ?? body.bindTable,
          bindTableName: e.bindTableName ?? body.bindTableName,
          fieldRule: e.fieldRule ?? body.fieldRule,
          childTableKey: e.childTableKey ?? body.childTableKey,
          enabledMark: e.enabledMark,
          sortCode: e.sortCode ?? body.sortCode,
          description: e.description,
        }));
        const now = Date.now();
        await app.db.transaction(async (tx) => {
          await requireMenu(tx, body.moduleId);
          const taken = await takenCodes(tx, body.moduleId);
          for (const e of entries) {
            const code = storedCode(e);
            if (taken.has(code)) throw refuse('codeExists');
            taken.add(code);
          }
          const rows = entries.map((e) => ({
            ...valuesOf(e),
            id: newId(),
            creatorTime: now,
            creatorUserId: principal.userId,
          }));
          await tx.insert(table).values(rows);
          await writeAudit(tx, actorOf(req), {
            moduleName: kind.auditName,
            action: 'batchCreate',
            recordId: body.moduleId,
            after: rows,
          });
        });
        await app.catalogue.changed();
        return ok(undefined, 'created');
      },
    }),
    ...stateAndDelete(kind.base, kind.table, kind.auditName, kind.grantType),
  ];
}

/** the state toggle and the delete every item kind has; deleting takes the item's grants along */
function stateAndDelete(base: string, table: StatefulTable, auditName: string, grantType: string) {
  return [
    stateRoute(base, table, auditName),
    deleteWithGrantsRoute(base, table, auditName, grantType, 'Delete, with every grant of it'),
  ];
}

export const itemRoutes = [
  ...buttonRoutes,
  ...fieldItemRoutes({
    base: '/api/system/ModuleColumn',
    table: moduleColumn,
    auditName: 'moduleColumn',
    grantType: 'column',
    batchKey: 'columnJson',
    withTableName: true,
    noun: 'List columns',
  }),
  ...fieldItemRoutes({
    base: '/api/system/ModuleForm',
    table: moduleForm,
    auditName: 'moduleForm',
    grantType: 'form',
    batchKey: 'formJson',
    withTableName: false,
    noun: 'Form fields',
  }),
];
