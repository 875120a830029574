// Message templates: a title and content with @parameters, per send channel (in-site, mail, SMS, WeChat ...),
// with the SMS / WeChat template code and the mapping of their variables to parameters.
import type { Language } from '@jnpf/core';
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { messageTemplate, sendConfigTemplate, type SmsField, type TemplateParam } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { deleteAudited } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { nameOrCodeContains, pageQuery } from '../../platform/paging.js';
import { nullIfAbsent, pick } from '../../platform/rows.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';
import { checkCodeFree, copyRecord, insertRecord, pageWithNames, updateRecord, writeUniquely } from './records.js';

const MODULE_NAME = 'messageTemplate';
/** the code pattern of the built-in templates a custom one may not imitate */
const SYSTEM_CODE_MARK = 'MBXT';
const WECHAT_OFFICIAL_ACCOUNT = '7';

/** the parameters the template editor offers by default */
export const BUILT_IN_PARAMS: { field: string; fieldName: string }[] = [
  { field: '@Title', fieldName: '标题' },
  { field: '@CreatorUserName', fieldName: '发送人' },
  { field: '@Content', fieldName: '内容' },
  { field: '@Remark', fieldName: '备注' },
  { field: '@FlowLink', fieldName: '流程链接' },
  { field: '@StartDate', fieldName: '开始日期' },
  { field: '@StartTime', fieldName: '开始时间' },
  { field: '@EndDate', fieldName: '结束日期' },
  { field: '@EndTime', fieldName: '结束时间' },
];

export const codeString = z
  .string({ error: msg(m.enCodeRequired) })
  .trim()
  .min(1, { error: msg(m.enCodeRequired) })
  .max(50, { error: msg(m.enCodeFormat) })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { error: msg(m.enCodeFormat) });
export const nameString = z
  .string({ error: msg(m.fullNameRequired) })
  .trim()
  .min(1, { error: msg(m.fullNameRequired) })
  .max(50, { error: msg(m.fullNameTooLong) });
/** codes the client may send as numbers */
const code = (max: number) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const optionalText = (max: number) => z.string().max(max).nullish();
const flag = z.coerce.number().int().min(0).max(1);

const paramField = z
  .string()
  .trim()
  .min(1, { error: msg(m.paramFieldFormat) })
  .max(50, { error: msg(m.paramFieldFormat) })
  .regex(/^@?[A-Za-z][A-Za-z0-9_]*$/, { error: msg(m.paramFieldFormat) });

export const templateBody = z.object({
  fullName: nameString,
  enCode: codeString,
  templateType: code(1)
    .pipe(z.enum(['0', '1']))
    .default('0'),
  messageSource: code(50).pipe(z.string().min(1, { error: msg(m.messageSourceRequired) })),
  messageType: code(50).pipe(z.string().min(1, { error: msg(m.messageTypeRequired) })),
  enabledMark: flag.default(1),
  sortCode: z.coerce.number().int().min(0).max(999_999).default(0),
  description: optionalText(500),
  title: optionalText(200),
  content: optionalText(20_000),
  templateCode: optionalText(100),
  wxSkip: code(10).nullish(),
  xcxAppId: optionalText(100),
  templateParamList: z
    .array(z.object({ id: z.string().max(50).nullish(), field: paramField, fieldName: z.string().trim().max(50) }))
    .max(100)
    .nullish(),
  smsFieldList: z
    .array(
      z.object({
        id: z.string().max(50).nullish(),
        fieldId: z.string().max(50).nullish(),
        smsField: z.string().trim().max(100),
        field: z.string().trim().max(50),
        isTitle: flag.default(0),
      }),
    )
    .max(100)
    .nullish(),
});
export type TemplateBody = z.infer<typeof templateBody>;

export const templateListQuery = pageQuery.extend({
  templateType: z.string().trim().max(1).default(''),
  messageType: z.string().trim().max(50).default(''),
  messageSource: z.string().trim().max(50).default(''),
  enabledMark: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
});

function checkRules(body: TemplateBody) {
  if (body.templateType !== '1' && body.enCode.toUpperCase().includes(SYSTEM_CODE_MARK))
    throw invalidField('enCode', m.systemTemplateCode);
  const fields = (body.templateParamList ?? []).map((p) => p.field);
  if (new Set(fields).size !== fields.length) throw invalidField('templateParamList', m.paramDuplicate);
  if (body.messageType === WECHAT_OFFICIAL_ACCOUNT) {
    const titles = (body.smsFieldList ?? []).filter((f) => f.isTitle === 1).length;
    if (titles === 0) throw refuse(m.noTitleParam);
    if (titles > 1) throw refuse(m.manyTitleParams);
  }
}

function valuesOf(body: TemplateBody) {
  const templateParams: TemplateParam[] = (body.templateParamList ?? []).map((p) => ({
    id: p.id || newId(),
    field: p.field,
    fieldName: p.fieldName,
  }));
  const smsFields: SmsField[] = (body.smsFieldList ?? []).map((f) => ({
    id: f.id || newId(),
    fieldId: f.fieldId ?? '',
    smsField: f.smsField,
    field: f.field,
    isTitle: f.isTitle,
  }));
  return {
    ...pick(body, 'fullName', 'enCode', 'templateType', 'messageSource', 'messageType', 'enabledMark', 'sortCode'),
    ...nullIfAbsent(body, 'description', 'title', 'content', 'templateCode', 'xcxAppId'),
    wxSkip: body.wxSkip || null,
    templateParams,
    smsFields,
  };
}

/** the reference's renamed keys of the parameter lists travel along in list rows */
const paramLists = (row: typeof messageTemplate.$inferSelect) => ({
  templateParamList: row.templateParams.map((p) => ({ ...p, templateId: row.id })),
  smsFieldList: row.smsFields.map((f) => ({ ...f, templateId: row.id })),
});

async function isUsed(tx: Tx | AppContext['db'], templateId: string) {
  const [used] = await tx
    .select({ id: sendConfigTemplate.id })
    .from(sendConfigTemplate)
    .where(eq(sendConfigTemplate.templateId, templateId))
    .limit(1);
  return !!used;
}

export async function listTemplates(app: AppContext, q: z.infer<typeof templateListQuery>, lang: Language = 'zh') {
  const conditions: (SQL | undefined)[] = [nameOrCodeContains(messageTemplate, q.keyword)];
  if (q.templateType) conditions.push(eq(messageTemplate.templateType, q.templateType));
  if (q.messageType) conditions.push(eq(messageTemplate.messageType, q.messageType));
  if (q.messageSource) conditions.push(eq(messageTemplate.messageSource, q.messageSource));
  if (q.enabledMark !== undefined) conditions.push(eq(messageTemplate.enabledMark, q.enabledMark));
  const where = and(...conditions);
  const { rows, pagination, sources, types, creatorOf } = await pageWithNames(app, messageTemplate, where, q, lang);
  return {
    list: rows.map((r) => {
      const lists = paramLists(r);
      return {
        id: r.id,
        fullName: r.fullName,
        enCode: r.enCode,
        templateType: r.templateType,
        messageSource: sources.get(r.messageSource) ?? r.messageSource,
        messageType: types.get(r.messageType) ?? r.messageType,
        sortCode: r.sortCode,
        enabledMark: r.enabledMark,
        description: r.description ?? '',
        creatorTime: r.creatorTime,
        creatorUserId: r.creatorUserId,
        creatorUser: creatorOf(r),
        lastModifyTime: r.lastModifyTime,
        tableField112: lists.templateParamList,
        tableField116: lists.smsFieldList,
      };
    }),
    pagination,
  };
}

export async function templateInfo(app: AppContext, id: string) {
  const [row] = await app.db.select().from(messageTemplate).where(eq(messageTemplate.id, id)).limit(1);
  if (!row) throw refuse('notFound');
  const { templateParams: _p, smsFields: _s, ...rest } = row;
  return { ...rest, ...paramLists(row) };
}

export async function createTemplate(app: AppContext, actor: AuditActor, body: TemplateBody): Promise<string> {
  checkRules(body);
  const id = newId();
  await writeUniquely(app, async (tx) => {
    await checkCodeFree(tx, messageTemplate, body.enCode);
    await insertRecord(tx, messageTemplate, { actor, moduleName: MODULE_NAME, recordId: id }, valuesOf(body));
  });
  return id;
}

export async function updateTemplate(
  app: AppContext,
  actor: AuditActor,
  id: string,
  body: TemplateBody & { version?: number | null },
) {
  checkRules(body);
  await writeUniquely(app, async (tx) => {
    await checkCodeFree(tx, messageTemplate, body.enCode, id);
    if (body.enabledMark === 0 && (await isUsed(tx, id))) throw refuse(m.usedCannotDisable);
    await updateRecord(tx, messageTemplate, { actor, moduleName: MODULE_NAME }, id, body.version, valuesOf(body));
  });
}

export async function deleteTemplate(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    if (await isUsed(tx, id)) throw refuse(m.usedCannotDelete);
    await deleteAudited(tx, messageTemplate, id, { actor, moduleName: MODULE_NAME });
  });
}

/** a disabled custom copy: name + ".副本" + five digits, code + the same digits */
export const copyTemplate = (app: AppContext, actor: AuditActor, id: string): Promise<string> =>
  copyRecord(app, actor, {
    table: messageTemplate,
    moduleName: MODULE_NAME,
    id,
    systemCodeMark: SYSTEM_CODE_MARK,
    values: (source) => ({
      templateParams: source.templateParams.map((p) => ({ ...p, id: newId() })),
      smsFields: source.smsFields.map((f) => ({ ...f, id: newId() })),
    }),
  });
