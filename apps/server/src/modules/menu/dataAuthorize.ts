// Data permissions of a menu (protocol-entities §2.5): the fields schemes may filter on
// (/api/system/ModuleDataAuthorize) and the schemes (/api/system/ModuleDataAuthorizeScheme). A scheme's
// conditions are checked here with the same model platform/dataScope.ts filters with. The built-in
// "all data" scheme (code jnpf_alldata) has no conditions and cannot be edited.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { moduleDataAuthorize, moduleDataScheme } from '../../db/schema/index.js';
import { deleteAudited, insertAudited, updateVersioned } from '../../platform/crud.js';
import {
  ALL_DATA_CODE,
  CONDITION_OPS,
  conditionComplete,
  parseConditions,
  schemeConditionsSchema,
  type SchemeConditions,
} from '../../platform/dataScope.js';
import { refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import {
  flag01,
  idText,
  integerIn,
  optionalText,
  requiredCode,
  requiredText,
  sortCode,
  versionField,
} from './fields.js';
import { MENU_SCREEN } from './menus.js';
import { m } from './messages.js';
import { removeGrantsOf } from '../permissionKernel/index.js';
import { requireMenu } from './service.js';

const FIELD = '/api/system/ModuleDataAuthorize';
const SCHEME = '/api/system/ModuleDataAuthorizeScheme';
const read = { module: MENU_SCREEN };
const write = (button: string) => ({ module: MENU_SCREEN, button });

const opNames: Record<string, string> = {
  '==': '等于',
  '<>': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  between: '介于',
  like: '包含',
  notLike: '不包含',
  in: '包含任意一个',
  notIn: '不包含任意一个',
  null: '为空',
  notNull: '不为空',
};
const conditionTextNames: Record<string, string> = {
  input: '任意文本',
  '@userId': '当前用户',
  '@userAraSubordinates': '当前用户及下属',
  '@userAndSubordinates': '当前用户及下属',
  '@organizeId': '当前组织',
  '@organizationAndSuborganization': '当前组织及子组织',
  '@branchManageOrganize': '当前分管组织',
  '@branchManageOrganizeAndSub': '当前分管组织及子组织',
  organizeSelect: '组织选择',
  depSelect: '部门选择',
  posSelect: '岗位选择',
  roleSelect: '角色选择',
  groupSelect: '分组选择',
  userSelect: '用户选择',
  inputNumber: '数字输入',
  datePicker: '日期选择',
};

/** PUT <base>/{id}/Actions/State: flips enabledMark (a disabled scheme no longer filters or widens anything) */
function stateRoute(base: string, table: typeof moduleDataAuthorize | typeof moduleDataScheme, auditName: string) {
  const t = table as typeof moduleDataAuthorize;
  return route({
    method: 'PUT',
    url: `${base}/:id/Actions/State`,
    permission: write('btn_edit'),
    summary: 'Enable or disable (flips enabledMark)',
    params: z.object({ id: idText }),
    async handler({ app, req, principal, params }) {
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select({ enabledMark: t.enabledMark }).from(t).where(eq(t.id, params.id)).limit(1);
        if (!row) throw refuse('updateNotFound');
        await updateVersioned(
          tx,
          t,
          params.id,
          null,
          {
            enabledMark: row.enabledMark === 1 ? 0 : 1,
            lastModifyTime: Date.now(),
            lastModifyUserId: principal.userId,
          },
          { actor: actorOf(req), moduleName: auditName, action: 'state' },
        );
      });
      await app.catalogue.changed();
      return ok(undefined, 'updated');
    },
  });
}

// ----------------------------------------------------------------------------------------------- fields

type FieldRow = typeof moduleDataAuthorize.$inferSelect;

const symbols = z
  .union([z.string().max(500), z.array(z.string().max(20)).max(20)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.length > 0, msg(m.symbolInvalid))
  .refine((list) => list.every((s) => (CONDITION_OPS as readonly string[]).includes(s)), msg(m.symbolInvalid))
  .transform((list) => [...new Set(list)].join(','));

const fieldBody = z.object({
  moduleId: idText,
  fullName: requiredText(m.nameRequired, 100),
  enCode: requiredCode(m.codeRequired),
  type: requiredText(m.typeRequired, 50),
  conditionSymbol: symbols,
  conditionText: requiredText(m.typeRequired, 200),
  format: optionalText(50),
  bindTable: optionalText(200),
  fieldRule: integerIn(0, 2, 0),
  childTableKey: optionalText(200),
  enabledMark: flag01(1),
  sortCode,
  description: optionalText(500),
  version: versionField,
});
type FieldBody = z.infer<typeof fieldBody>;

/** the field without its table ("<table>.<field>" is how online-form menus store secondary-table fields) */
const bareField = (r: { enCode: string; bindTable: string | null }) =>
  r.bindTable ? r.enCode.replace(`${r.bindTable}.`, '') : r.enCode;

const fieldInfo = (r: FieldRow) => ({
  id: r.id,
  moduleId: r.moduleId,
  fullName: r.fullName,
  enCode: bareField(r),
  type: r.type,
  conditionSymbol: r.conditionSymbol,
  conditionSymbolName: r.conditionSymbol
    .split(',')
    .map((s) => opNames[s])
    .filter(Boolean)
    .join(','),
  conditionText: r.conditionText,
  conditionName: r.conditionText
    .split(',')
    .map((s) => conditionTextNames[s])
    .filter(Boolean)
    .join(','),
  format: r.format ?? '',
  bindTable: r.bindTable ?? '',
  fieldRule: r.fieldRule,
  childTableKey: r.childTableKey ?? '',
  enabledMark: r.enabledMark,
  sortCode: r.sortCode,
  description: r.description ?? '',
  creatorTime: r.creatorTime,
  version: r.version,
});

async function fieldValues(tx: Tx, body: FieldBody, id?: string) {
  const menu = await requireMenu(tx, body.moduleId);
  const { version: _v, ...values } = body;
  // online-form menus (type 3) name fields of secondary and sub-tables with their table
  const enCode =
    menu.type === 3 && body.fieldRule !== 0 && body.bindTable ? `${body.bindTable}.${body.enCode}` : body.enCode;
  // a scheme's condition names its field by code: two fields of one menu with one code would be ambiguous
  const same = await tx
    .select({ id: moduleDataAuthorize.id })
    .from(moduleDataAuthorize)
    .where(and(eq(moduleDataAuthorize.moduleId, body.moduleId), eq(moduleDataAuthorize.enCode, enCode)));
  if (same.some((r) => r.id !== id)) throw refuse(m.fieldCodeExists);
  return { ...values, enCode };
}

async function requireField(tx: Tx | Parameters<typeof requireMenu>[0], id: string, key: string) {
  const [row] = await tx.select().from(moduleDataAuthorize).where(eq(moduleDataAuthorize.id, id)).limit(1);
  if (!row) throw refuse(key);
  return row;
}

const fieldRoutes = [
  route({
    method: 'GET',
    url: `${FIELD}/:moduleId/List`,
    permission: read,
    summary: 'Fields the data-permission schemes of a menu may filter on',
    params: z.object({ moduleId: idText }),
    async handler({ app, params }) {
      const rows = await app.db
        .select()
        .from(moduleDataAuthorize)
        .where(eq(moduleDataAuthorize.moduleId, params.moduleId));
      rows.sort((a, b) => a.sortCode - b.sortCode || b.creatorTime - a.creatorTime);
      return ok({ list: rows.map(fieldInfo) });
    },
  }),
  route({
    method: 'GET',
    url: `${FIELD}/:moduleId/FieldList`,
    permission: read,
    summary: 'Main-table fields of the online form behind the menu ([{field, fieldName}])',
    params: z.object({ moduleId: idText }),
    async handler({ app, params }) {
      await requireMenu(app.db, params.moduleId, 'notFound');
      // the online-form designs (visualdev) are not part of the platform yet: no fields to offer
      return ok([]);
    },
  }),
  route({
    method: 'GET',
    url: `${FIELD}/:id`,
    permission: read,
    summary: 'One data-permission field',
    params: z.object({ id: idText }),
    async handler({ app, params }) {
      return ok(fieldInfo(await requireField(app.db, params.id, 'notFound')));
    },
  }),
  route({
    method: 'POST',
    url: FIELD,
    permission: write('btn_add'),
    summary:
      'Add a data-permission field to a menu (conditionSymbol: comma list of ==, <>, >, >=, <, <=, between, like, notLike, in, notIn, null, notNull)',
    body: fieldBody,
    async handler({ app, req, principal, body }) {
      const id = newId();
      await app.db.transaction(async (tx) => {
        const values = await fieldValues(tx, body);
        await insertAudited(
          tx,
          moduleDataAuthorize,
          { ...values, id, creatorTime: Date.now(), creatorUserId: principal.userId },
          { actor: actorOf(req), moduleName: 'moduleDataAuthorize', recordId: id },
        );
      });
      await app.catalogue.changed();
      return ok(id, 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${FIELD}/:id`,
    permission: write('btn_edit'),
    summary: 'Update a data-permission field',
    params: z.object({ id: idText }),
    body: fieldBody,
    async handler({ app, req, principal, params, body }) {
      await app.db.transaction(async (tx) => {
        await requireField(tx, params.id, 'updateNotFound');
        const values = await fieldValues(tx, body, params.id);
        await updateVersioned(
          tx,
          moduleDataAuthorize,
          params.id,
          body.version,
          { ...values, lastModifyTime: Date.now(), lastModifyUserId: principal.userId },
          { actor: actorOf(req), moduleName: 'moduleDataAuthorize' },
        );
      });
      await app.catalogue.changed();
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${FIELD}/:id`,
    permission: write('btn_remove'),
    summary: 'Delete a data-permission field that no scheme uses',
    params: z.object({ id: idText }),
    async handler({ app, req, params }) {
      await app.db.transaction(async (tx) => {
        const field = await requireField(tx, params.id, 'deleteNotFound');
        const schemes = await tx
          .select({ fullName: moduleDataScheme.fullName, conditionJson: moduleDataScheme.conditionJson })
          .from(moduleDataScheme)
          .where(eq(moduleDataScheme.moduleId, field.moduleId));
        const names = [field.enCode.toLowerCase(), bareField(field).toLowerCase()];
        for (const s of schemes) {
          const used = (parseConditions(s.conditionJson ?? '[]') ?? []).some((g) =>
            g.groups.some((c) => c.id === field.id || names.includes(c.field.toLowerCase())),
          );
          if (used) throw refuse(m.fieldInUse, { name: s.fullName });
        }
        await deleteAudited(tx, moduleDataAuthorize, field.id, {
          actor: actorOf(req),
          moduleName: 'moduleDataAuthorize',
        });
      });
      await app.catalogue.changed();
      return ok(undefined, 'deleted');
    },
  }),
  stateRoute(FIELD, moduleDataAuthorize, 'moduleDataAuthorize'),
];

// ---------------------------------------------------------------------------------------------- schemes

type SchemeRow = typeof moduleDataScheme.$inferSelect;

const conditionJson = z
  .union([z.string().max(100_000), z.array(z.unknown()).max(50)])
  .nullish()
  .transform((v, ctx): SchemeConditions | null => {
    if (v === undefined || v === null || v === '') return null;
    let raw: unknown = v;
    if (typeof v === 'string') {
      try {
        raw = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: msg(m.jsonInvalid) });
        return z.NEVER;
      }
    }
    const parsed = schemeConditionsSchema.safeParse(raw);
    if (!parsed.success || !parsed.data.every((g) => g.groups.every(conditionComplete))) {
      ctx.addIssue({ code: 'custom', message: msg(m.conditionInvalid) });
      return z.NEVER;
    }
    return parsed.data;
  });

const schemeBody = z.object({
  moduleId: idText,
  fullName: requiredText(m.schemeNameRequired),
  enCode: requiredCode(m.codeRequired),
  conditionJson,
  conditionText: optionalText(20_000),
  allData: flag01(0),
  matchLogic: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['and', 'or']).default('and')),
  sortCode,
  enabledMark: flag01(1),
  description: optionalText(500),
  version: versionField,
});
type SchemeBody = z.infer<typeof schemeBody>;

const schemeRow = (r: SchemeRow) => ({
  id: r.id,
  moduleId: r.moduleId,
  fullName: r.fullName,
  enCode: r.enCode,
  conditionText: r.conditionText ?? '',
  allData: r.allData,
  matchLogic: r.matchLogic,
  enabledMark: r.enabledMark,
  sortCode: r.sortCode,
  creatorTime: r.creatorTime,
});
const schemeInfo = (r: SchemeRow) => ({
  ...schemeRow(r),
  conditionJson: r.conditionJson ?? '',
  description: r.description ?? '',
  version: r.version,
});

/** checks a scheme against its menu: unique name and code, conditions on the menu's own fields */
async function schemeValues(tx: Tx, body: SchemeBody, id?: string) {
  await requireMenu(tx, body.moduleId);
  const siblings = await tx
    .select({ id: moduleDataScheme.id, fullName: moduleDataScheme.fullName, enCode: moduleDataScheme.enCode })
    .from(moduleDataScheme)
    .where(eq(moduleDataScheme.moduleId, body.moduleId));
  const others = siblings.filter((s) => s.id !== id);
  if (others.some((s) => s.fullName === body.fullName)) throw refuse(m.schemeNameExists);
  if (others.some((s) => s.enCode === body.enCode)) throw refuse(m.schemeCodeExists);
  const { version: _v, conditionJson: conditions, ...values } = body;
  if (body.enCode === ALL_DATA_CODE)
    return { ...values, allData: 1, conditionJson: null, conditionText: values.conditionText };
  if (conditions?.length) {
    const fields = await tx
      .select({
        id: moduleDataAuthorize.id,
        enCode: moduleDataAuthorize.enCode,
        bindTable: moduleDataAuthorize.bindTable,
      })
      .from(moduleDataAuthorize)
      .where(eq(moduleDataAuthorize.moduleId, body.moduleId));
    const ids = new Set(fields.map((f) => f.id));
    const names = new Set(fields.flatMap((f) => [f.enCode, bareField(f)]));
    for (const c of conditions.flatMap((g) => g.groups))
      if (!(c.id && ids.has(c.id)) && !names.has(c.field)) throw refuse(m.conditionFieldUnknown, { field: c.field });
  }
  return { ...values, conditionJson: conditions ? JSON.stringify(conditions) : null };
}

async function requireScheme(tx: Tx | Parameters<typeof requireMenu>[0], id: string, key: string) {
  const [row] = await tx.select().from(moduleDataScheme).where(eq(moduleDataScheme.id, id)).limit(1);
  if (!row) throw refuse(key);
  return row;
}

const schemeRoutes = [
  route({
    method: 'GET',
    url: `${SCHEME}/:moduleId/List`,
    permission: read,
    summary: 'Data-permission schemes of a menu',
    params: z.object({ moduleId: idText }),
    async handler({ app, params }) {
      const rows = await app.db.select().from(moduleDataScheme).where(eq(moduleDataScheme.moduleId, params.moduleId));
      rows.sort((a, b) => a.sortCode - b.sortCode || b.creatorTime - a.creatorTime);
      return ok({ list: rows.map(schemeRow) });
    },
  }),
  route({
    method: 'GET',
    url: `${SCHEME}/:id`,
    permission: read,
    summary: 'One scheme with its conditions (conditionJson as a string)',
    params: z.object({ id: idText }),
    async handler({ app, params }) {
      return ok(schemeInfo(await requireScheme(app.db, params.id, 'notFound')));
    },
  }),
  route({
    method: 'POST',
    url: SCHEME,
    permission: write('btn_add'),
    summary:
      'Add a scheme: conditionJson = [{logic, groups:[{id, field, op, value, …}]}]; code jnpf_alldata makes the built-in "all data" scheme',
    body: schemeBody,
    async handler({ app, req, principal, body }) {
      const id = newId();
      await app.db.transaction(async (tx) => {
        const values = await schemeValues(tx, body);
        await insertAudited(
          tx,
          moduleDataScheme,
          { ...values, id, creatorTime: Date.now(), creatorUserId: principal.userId },
          { actor: actorOf(req), moduleName: 'moduleDataScheme', recordId: id },
        );
      });
      await app.catalogue.changed();
      return ok(id, 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${SCHEME}/:id`,
    permission: write('btn_edit'),
    summary: 'Update a scheme (not the built-in "all data" one); holders see the change at their next call',
    params: z.object({ id: idText }),
    body: schemeBody,
    async handler({ app, req, principal, params, body }) {
      await app.db.transaction(async (tx) => {
        const before = await requireScheme(tx, params.id, 'updateNotFound');
        if (before.enCode === ALL_DATA_CODE || body.enCode === ALL_DATA_CODE) throw refuse(m.schemeLocked);
        const values = await schemeValues(tx, body, before.id);
        await updateVersioned(
          tx,
          moduleDataScheme,
          before.id,
          body.version,
          { ...values, lastModifyTime: Date.now(), lastModifyUserId: principal.userId },
          { actor: actorOf(req), moduleName: 'moduleDataScheme' },
        );
      });
      await app.catalogue.changed();
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${SCHEME}/:id`,
    permission: write('btn_remove'),
    summary: 'Delete a scheme with every grant of it',
    params: z.object({ id: idText }),
    async handler({ app, req, params }) {
      await app.db.transaction(async (tx) => {
        await deleteAudited(tx, moduleDataScheme, params.id, { actor: actorOf(req), moduleName: 'moduleDataScheme' });
        await removeGrantsOf(tx, 'resource', [params.id]);
      });
      await Promise.all([app.catalogue.changed(), app.grants.changed()]);
      return ok(undefined, 'deleted');
    },
  }),
  stateRoute(SCHEME, moduleDataScheme, 'moduleDataScheme'),
];

export const dataAuthorizeRoutes = [...fieldRoutes, ...schemeRoutes];
