// Data permissions of a menu: the fields schemes may filter on
// (/api/system/ModuleDataAuthorize) and the schemes (/api/system/ModuleDataAuthorizeScheme). A scheme's
// conditions are checked here with the same model platform/dataScope.ts filters with. The built-in
// "all data" scheme (code jnpf_alldata) has no conditions and cannot be edited.
import { and, eq } from 'drizzle-orm';
import type { ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { moduleDataAuthorize, moduleDataScheme } from '../../db/schema/index.js';
import { deleteAudited, requireRow } from '../../platform/crud.js';
import {
  ALL_DATA_CODE,
  CONDITION_OPS,
  conditionComplete,
  parseConditions,
  schemeConditionsSchema,
  type SchemeConditions,
} from '../../platform/dataScope.js';
import { refuse } from '../../platform/errors.js';
import { actorOf } from '../../platform/request.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import {
  coercedVersionField,
  fieldMessages,
  flag01,
  idText,
  integerIn,
  optionalText,
  requiredCode,
  requiredText,
  sortCode,
} from '../../platform/fields.js';
import { MENU_SCREEN } from './menus.js';
import { m } from './messages.js';
import { bySortThenNewest, requireMenu } from './service.js';
import { deleteWithGrantsRoute, rowRoutes, stateRoute } from './tableRoutes.js';

const FIELD = '/api/system/ModuleDataAuthorize';
const SCHEME = '/api/system/ModuleDataAuthorizeScheme';
const read = { module: MENU_SCREEN };
const write = (button: ButtonCode) => ({ module: MENU_SCREEN, button });

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
  fieldRule: integerIn(0, 2, fieldMessages.numberInvalid, 0),
  childTableKey: optionalText(200),
  enabledMark: flag01(1),
  sortCode,
  description: optionalText(500),
  version: coercedVersionField,
});
type FieldBody = z.infer<typeof fieldBody>;

/** the field without its table ("<table>.<field>" is how online-form menus store secondary-table fields) */
const bareField = (r: { enCode: string; bindTable: string | null }) =>
  r.bindTable ? r.enCode.replace(`${r.bindTable}.`, '') : r.enCode;

/** the names of a comma list of codes, those that have one */
const namesOf = (codes: string, names: Record<string, string>) =>
  codes
    .split(',')
    .map((s) => names[s])
    .filter(Boolean)
    .join(',');

const fieldInfo = (r: FieldRow) => ({
  ...pick(r, 'id', 'moduleId', 'fullName', 'type', 'conditionSymbol', 'conditionText', 'fieldRule', 'enabledMark'),
  ...pick(r, 'sortCode', 'creatorTime', 'version'),
  ...blankIfNull(r, 'format', 'bindTable', 'childTableKey', 'description'),
  enCode: bareField(r),
  conditionSymbolName: namesOf(r.conditionSymbol, opNames),
  conditionName: namesOf(r.conditionText, conditionTextNames),
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
      rows.sort(bySortThenNewest);
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
  ...rowRoutes({
    base: FIELD,
    table: moduleDataAuthorize,
    auditName: 'moduleDataAuthorize',
    summaries: {
      one: 'One data-permission field',
      create:
        'Add a data-permission field to a menu (conditionSymbol: comma list of ==, <>, >, >=, <, <=, between, like, notLike, in, notIn, null, notNull)',
      update: 'Update a data-permission field',
    },
    body: fieldBody,
    info: fieldInfo,
    values: (tx, body, before) => fieldValues(tx, body, before?.id),
  }),
  route({
    method: 'DELETE',
    url: `${FIELD}/:id`,
    permission: write('btn_remove'),
    summary: 'Delete a data-permission field that no scheme uses',
    params: z.object({ id: idText }),
    async handler({ app, req, params }) {
      await app.db.transaction(async (tx) => {
        const field = await requireRow(tx, moduleDataAuthorize, params.id, 'deleteNotFound');
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
        ctx.addIssue({ code: 'custom', message: msg(fieldMessages.jsonInvalid) });
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
  version: coercedVersionField,
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

const schemeRoutes = [
  route({
    method: 'GET',
    url: `${SCHEME}/:moduleId/List`,
    permission: read,
    summary: 'Data-permission schemes of a menu',
    params: z.object({ moduleId: idText }),
    async handler({ app, params }) {
      const rows = await app.db.select().from(moduleDataScheme).where(eq(moduleDataScheme.moduleId, params.moduleId));
      rows.sort(bySortThenNewest);
      return ok({ list: rows.map(schemeRow) });
    },
  }),
  ...rowRoutes({
    base: SCHEME,
    table: moduleDataScheme,
    auditName: 'moduleDataScheme',
    summaries: {
      one: 'One scheme with its conditions (conditionJson as a string)',
      create:
        'Add a scheme: conditionJson = [{logic, groups:[{id, field, op, value, …}]}]; code jnpf_alldata makes the built-in "all data" scheme',
      update: 'Update a scheme (not the built-in "all data" one); holders see the change at their next call',
    },
    body: schemeBody,
    info: schemeInfo,
    async values(tx, body, before) {
      if (before && (before.enCode === ALL_DATA_CODE || body.enCode === ALL_DATA_CODE)) throw refuse(m.schemeLocked);
      return schemeValues(tx, body, before?.id);
    },
  }),
  deleteWithGrantsRoute(
    SCHEME,
    moduleDataScheme,
    'moduleDataScheme',
    'resource',
    'Delete a scheme with every grant of it',
  ),
  stateRoute(SCHEME, moduleDataScheme, 'moduleDataScheme'),
];

export const dataAuthorizeRoutes = [...fieldRoutes, ...schemeRoutes];
