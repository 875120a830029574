// A menu as a file (.bm, JSON): export with its buttons, columns, forms, data-permission fields and schemes;
// import into a system under a parent, refusing duplicates (type 0) or importing copies (type 1).
// The export answers the reference's DownloadVO ({name, url}) through the platform's transfers.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  module,
  moduleButton,
  moduleColumn,
  moduleDataAuthorize,
  moduleDataScheme,
  moduleForm,
} from '../../db/schema/index.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { CODE_MAX, idText, NAME_MAX } from '../../platform/fields.js';
import { newId } from '../../platform/ids.js';
import { actorOf } from '../../platform/request.js';
import { offerDownload } from '../../platform/transfers.js';
import { validate } from '../../platform/validation.js';
import { m } from './messages.js';
import { findMenu, requireMenu, requireSystem } from './service.js';

const FILE_LIMIT = 5 * 1024 * 1024;

const stripAudit = <T extends Record<string, unknown>>(row: T) => {
  const { version: _v, creatorUserId: _c, lastModifyTime: _t, lastModifyUserId: _u, ...rest } = row;
  return rest;
};

export async function exportMenu(app: AppContext, req: FastifyRequest, id: string) {
  const menu = await requireMenu(app.db, id, 'notFound');
  const [buttons, columns, forms, fields, schemes] = await Promise.all([
    app.db.select().from(moduleButton).where(eq(moduleButton.moduleId, id)),
    app.db.select().from(moduleColumn).where(eq(moduleColumn.moduleId, id)),
    app.db.select().from(moduleForm).where(eq(moduleForm.moduleId, id)),
    app.db.select().from(moduleDataAuthorize).where(eq(moduleDataAuthorize.moduleId, id)),
    app.db.select().from(moduleDataScheme).where(eq(moduleDataScheme.moduleId, id)),
  ]);
  const content = JSON.stringify({
    moduleEntity: stripAudit(menu),
    buttonEntityList: buttons.map(stripAudit),
    columnEntityList: columns.map(stripAudit),
    formEntityList: forms.map(stripAudit),
    authorizeEntityList: fields.map(stripAudit),
    schemeEntityList: schemes.map(stripAudit),
  });
  await writeAudit(app.db, actorOf(req), { moduleName: 'menu', action: 'export', recordId: id });
  return offerDownload(app, req.principal?.userId ?? '', `${menu.fullName}.bm`, content);
}

// What an export file holds. Unknown keys are dropped; the values are checked like the create bodies.
const text = (max: number) => z.string().max(max).nullish();
const int = z.coerce.number().int().min(0).max(1_000_000_000).default(0);
const item = {
  id: idText,
  fullName: z
    .string()
    .trim()
    .min(1)
    .max(NAME_MAX * 4),
  enCode: z
    .string()
    .trim()
    .min(1)
    .max(CODE_MAX * 4),
  sortCode: int,
  enabledMark: z.coerce.number().int().min(0).max(1).default(1),
  description: text(500),
};
const exportSchema = z.object({
  moduleEntity: z.object({
    ...item,
    category: z.enum(['Web', 'App']),
    type: z.coerce.number().int().min(1).max(8),
    icon: text(200),
    urlAddress: text(1000),
    linkTarget: text(20),
    propertyJson: text(4000),
    isButtonAuthorize: int,
    isColumnAuthorize: int,
    isFormAuthorize: int,
    isDataAuthorize: int,
  }),
  buttonEntityList: z
    .array(z.object({ ...item, parentId: z.string().max(64).default('-1'), icon: text(200), urlAddress: text(1000) }))
    .max(1000)
    .default([]),
  columnEntityList: z
    .array(
      z.object({ ...item, bindTable: text(200), bindTableName: text(200), fieldRule: int, childTableKey: text(200) }),
    )
    .max(5000)
    .default([]),
  formEntityList: z
    .array(z.object({ ...item, bindTable: text(200), fieldRule: int, childTableKey: text(200) }))
    .max(5000)
    .default([]),
  authorizeEntityList: z
    .array(
      z.object({
        ...item,
        type: z.string().max(50),
        conditionSymbol: z.string().max(500).default(''),
        conditionText: z.string().max(500).default(''),
        format: text(50),
        bindTable: text(200),
        fieldRule: int,
        childTableKey: text(200),
      }),
    )
    .max(1000)
    .default([]),
  schemeEntityList: z
    .array(
      z.object({
        ...item,
        conditionJson: text(100_000),
        conditionText: text(20_000),
        allData: int,
        matchLogic: z.enum(['and', 'or']).default('and'),
      }),
    )
    .max(1000)
    .default([]),
});
type ExportModel = z.infer<typeof exportSchema>;

const importFields = z.object({
  parentId: idText.default('-1'),
  category: z.enum(['Web', 'App']).default('Web'),
  type: z.coerce.number().int().min(0).max(1).default(0),
});

/** reads the multipart body: the file (checked for type and size) and the form fields, in any order */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw refuse(m.importFileMissing);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (!/\.bm$/i.test(part.filename)) {
        part.file.resume();
        throw refuse(m.importFileType);
      }
      file = await part.toBuffer();
      if (file.length > FILE_LIMIT || part.file.truncated) throw refuse(m.importInvalid);
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!file) throw refuse(m.importFileMissing);
  return { file, fields };
}

export async function importMenu(app: AppContext, req: FastifyRequest, principal: Principal, systemId: string) {
  const { file, fields } = await readUpload(req);
  const options = validate(importFields, fields, req.lang, 'body');
  let model: ExportModel;
  try {
    model = exportSchema.parse(JSON.parse(file.toString('utf8')));
  } catch {
    throw refuse(m.importInvalid);
  }
  const menu = model.moduleEntity;
  if (menu.category !== options.category) throw refuse(m.importWrongSide, { side: menu.category.toUpperCase() });
  if (menu.category === 'App' && options.parentId === '-1') throw refuse(m.importAppRoot);
  await app.db.transaction(async (tx) => {
    await requireSystem(tx, systemId);
    if (options.parentId !== '-1') {
      const parent = await findMenu(tx, options.parentId);
      if (!parent || parent.systemId !== systemId || parent.category !== menu.category) throw refuse(m.parentNotFound);
    }
    const target = { systemId, parentId: options.parentId, category: menu.category };
    if (options.type === 0) await refuseDuplicates(tx, model, target);
    const ids = await insertModel(tx, model, target, options.type === 1, principal.userId);
    await writeAudit(tx, actorOf(req), { moduleName: 'menu', action: 'import', recordId: ids.menuId, after: model });
  });
}

const copySuffix = () => randomBytes(3).toString('hex').slice(0, 5);

async function refuseDuplicates(
  tx: Tx,
  model: ExportModel,
  target: { systemId: string; parentId: string; category: string },
) {
  const problems: string[] = [];
  const report = (what: string, ids: string[], names: string[], codes: string[]) => {
    const parts = [
      ids.length ? `ID（${ids.join('、')}）重复` : '',
      codes.length ? `编码（${codes.join('、')}）重复` : '',
      names.length ? `名称（${names.join('、')}）重复` : '',
    ].filter(Boolean);
    if (parts.length) problems.push(`${what}：${parts.join('、')}`);
  };
  const menu = model.moduleEntity;
  const clash = await tx
    .select({ id: module.id, fullName: module.fullName, enCode: module.enCode, parentId: module.parentId })
    .from(module)
    .where(
      or(
        eq(module.id, menu.id),
        and(
          eq(module.systemId, target.systemId),
          eq(module.category, target.category),
          or(
            eq(module.enCode, menu.enCode),
            and(eq(module.fullName, menu.fullName), eq(module.parentId, target.parentId)),
          ),
        ),
      ),
    );
  report(
    'moduleEntity',
    clash.filter((c) => c.id === menu.id).map((c) => c.id),
    clash.filter((c) => c.fullName === menu.fullName && c.parentId === target.parentId).map((c) => c.fullName),
    clash.filter((c) => c.enCode === menu.enCode).map((c) => c.enCode),
  );
  const lists: [
    string,
    (
      | typeof moduleButton
      | typeof moduleColumn
      | typeof moduleForm
      | typeof moduleDataAuthorize
      | typeof moduleDataScheme
    ),
    { id: string }[],
  ][] = [
    ['buttonEntityList', moduleButton, model.buttonEntityList],
    ['columnEntityList', moduleColumn, model.columnEntityList],
    ['formEntityList', moduleForm, model.formEntityList],
    ['authorizeEntityList', moduleDataAuthorize, model.authorizeEntityList],
    ['schemeEntityList', moduleDataScheme, model.schemeEntityList],
  ];
  for (const [what, table, rows] of lists) {
    if (!rows.length) continue;
    const t = table as typeof moduleButton;
    const existing = await tx
      .select({ id: t.id })
      .from(t)
      .where(
        inArray(
          t.id,
          rows.map((r) => r.id),
        ),
      );
    report(
      what,
      existing.map((e) => e.id),
      [],
      [],
    );
  }
  if (problems.length) throw refuse(m.importDuplicates, { detail: problems.join('；') });
}

/** inserts the menu and its items; as copies they get new ids and, where taken, new names and codes */
async function insertModel(
  tx: Tx,
  model: ExportModel,
  target: { systemId: string; parentId: string; category: string },
  asCopy: boolean,
  userId: string,
) {
  const now = Date.now();
  const fresh = (id: string) => (asCopy ? newId() : id);
  const menu = model.moduleEntity;
  const menuId = fresh(menu.id);
  let { fullName, enCode } = menu;
  if (asCopy) {
    const taken = await tx
      .select({ fullName: module.fullName, enCode: module.enCode, parentId: module.parentId })
      .from(module)
      .where(and(eq(module.systemId, target.systemId), eq(module.category, target.category)));
    if (taken.some((t) => t.enCode === enCode || (t.fullName === fullName && t.parentId === target.parentId))) {
      const suffix = copySuffix();
      fullName = `${fullName}.副本${suffix}`;
      enCode = `${enCode}${suffix}`;
    }
  }
  await tx.insert(module).values({
    id: menuId,
    parentId: target.parentId,
    systemId: target.systemId,
    category: target.category,
    type: menu.type,
    fullName,
    enCode,
    icon: menu.icon ?? null,
    urlAddress: menu.urlAddress ?? null,
    linkTarget: menu.linkTarget ?? '_self',
    propertyJson: menu.propertyJson ?? null,
    isButtonAuthorize: menu.isButtonAuthorize ? 1 : 0,
    isColumnAuthorize: menu.isColumnAuthorize ? 1 : 0,
    isFormAuthorize: menu.isFormAuthorize ? 1 : 0,
    isDataAuthorize: menu.isDataAuthorize ? 1 : 0,
    sortCode: menu.sortCode,
    enabledMark: menu.enabledMark,
    description: menu.description ?? null,
    creatorTime: now,
    creatorUserId: userId,
  });
  const base = (r: {
    id: string;
    fullName: string;
    enCode: string;
    sortCode: number;
    enabledMark: number;
    description?: string | null | undefined;
  }) => ({
    id: fresh(r.id),
    moduleId: menuId,
    fullName: r.fullName,
    enCode: r.enCode,
    sortCode: r.sortCode,
    enabledMark: r.enabledMark,
    description: r.description ?? null,
    creatorTime: now,
    creatorUserId: userId,
  });
  const buttonIds = new Map(model.buttonEntityList.map((b) => [b.id, fresh(b.id)]));
  if (model.buttonEntityList.length)
    await tx.insert(moduleButton).values(
      model.buttonEntityList.map((b) => ({
        ...base(b),
        id: buttonIds.get(b.id)!,
        parentId: buttonIds.get(b.parentId) ?? '-1',
        icon: b.icon ?? null,
        urlAddress: b.urlAddress ?? null,
      })),
    );
  if (model.columnEntityList.length)
    await tx.insert(moduleColumn).values(
      model.columnEntityList.map((c) => ({
        ...base(c),
        bindTable: c.bindTable ?? null,
        bindTableName: c.bindTableName ?? null,
        fieldRule: c.fieldRule,
        childTableKey: c.childTableKey ?? null,
      })),
    );
  if (model.formEntityList.length)
    await tx.insert(moduleForm).values(
      model.formEntityList.map((f) => ({
        ...base(f),
        bindTable: f.bindTable ?? null,
        fieldRule: f.fieldRule,
        childTableKey: f.childTableKey ?? null,
      })),
    );
  const fieldIds = new Map(model.authorizeEntityList.map((f) => [f.id, fresh(f.id)]));
  if (model.authorizeEntityList.length)
    await tx.insert(moduleDataAuthorize).values(
      model.authorizeEntityList.map((f) => ({
        ...base(f),
        id: fieldIds.get(f.id)!,
        type: f.type,
        conditionSymbol: f.conditionSymbol,
        conditionText: f.conditionText,
        format: f.format ?? null,
        bindTable: f.bindTable ?? null,
        fieldRule: f.fieldRule,
        childTableKey: f.childTableKey ?? null,
      })),
    );
  if (model.schemeEntityList.length)
    await tx.insert(moduleDataScheme).values(
      model.schemeEntityList.map((s) => {
        let conditionJson = s.conditionJson ?? null;
        // the conditions name their fields by id: point them at the copied fields
        if (conditionJson && asCopy)
          for (const [from, to] of fieldIds) conditionJson = conditionJson.split(from).join(to);
        return {
          ...base(s),
          conditionJson,
          conditionText: s.conditionText ?? null,
          allData: s.allData ? 1 : 0,
          matchLogic: s.matchLogic,
        };
      }),
    );
  return { menuId };
}
