// Message send configurations: a named set of templates, one per channel, that a business event (a notice, a
// schedule reminder, a flow) sends through. Their rows are replaced whole on update.
import type { Language } from '@jnpf/core';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { messageTemplate, notice, schedule, sendConfig, sendConfigTemplate } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { deleteAudited } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { nameOrCodeContains, pageQuery } from '../../platform/paging.js';
import { blankIfNull, nullIfAbsent, pick } from '../../platform/rows.js';
import { dictionaryNames } from '../dictionary/index.js';
import { m } from './messages.js';
import { checkCodeFree, copyRecord, insertRecord, pageWithNames, updateRecord, writeUniquely } from './records.js';
import { codeString, nameString } from './templates.js';

const MODULE_NAME = 'sendConfig';
const SYSTEM_CODE_MARK = 'PZXT';
const code = (max: number) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const flag = z.coerce.number().int().min(0).max(1);

export const sendConfigBody = z.object({
  fullName: nameString,
  enCode: codeString,
  templateType: code(1)
    .pipe(z.enum(['0', '1']))
    .default('0'),
  messageSource: code(50).nullish(),
  enabledMark: flag.default(1),
  sortCode: z.coerce.number().int().min(0).max(999_999).default(0),
  description: z.string().max(500).nullish(),
  sendConfigTemplateList: z
    .array(
      z.object({
        id: z.string().max(50).nullish(),
        messageType: code(50).pipe(z.string().min(1, { error: `@${m.messageTypeRequired}` })),
        templateId: z.string().trim().min(1).max(50),
        accountConfigId: z.string().max(50).nullish(),
        enabledMark: flag.default(1),
        sortCode: z.coerce.number().int().min(0).max(999_999).default(0),
        description: z.string().max(500).nullish(),
      }),
    )
    .max(50)
    .default([]),
});
export type SendConfigBody = z.infer<typeof sendConfigBody>;

export const sendConfigListQuery = pageQuery.extend({
  templateType: z.string().trim().max(1).default(''),
  messageSource: z.string().trim().max(50).default(''),
  enabledMark: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
});

async function checkBody(tx: Tx, body: SendConfigBody, exceptId?: string) {
  if (body.templateType !== '1' && body.enCode.toUpperCase().includes(SYSTEM_CODE_MARK))
    throw invalidField('enCode', m.systemConfigCode);
  await checkCodeFree(tx, sendConfig, body.enCode, exceptId);
  const ids = [...new Set(body.sendConfigTemplateList.map((t) => t.templateId))];
  if (ids.length) {
    const found = await tx
      .select({ id: messageTemplate.id })
      .from(messageTemplate)
      .where(inArray(messageTemplate.id, ids));
    if (found.length !== ids.length) throw invalidField('sendConfigTemplateList', m.templateMissing);
  }
}

async function writeTemplates(tx: Tx, configId: string, body: SendConfigBody) {
  await tx.delete(sendConfigTemplate).where(eq(sendConfigTemplate.sendConfigId, configId));
  if (!body.sendConfigTemplateList.length) return;
  await tx.insert(sendConfigTemplate).values(
    body.sendConfigTemplateList.map((t) => ({
      ...pick(t, 'messageType', 'templateId', 'enabledMark', 'sortCode'),
      ...nullIfAbsent(t, 'description'),
      id: t.id || newId(),
      sendConfigId: configId,
      accountConfigId: t.accountConfigId || null,
      creatorTime: Date.now(),
    })),
  );
}

const headerOf = (body: SendConfigBody) => ({
  ...pick(body, 'fullName', 'enCode', 'templateType', 'enabledMark', 'sortCode'),
  ...nullIfAbsent(body, 'description'),
  messageSource: body.messageSource || null,
});

export async function listSendConfigs(
  app: AppContext,
  q: z.infer<typeof sendConfigListQuery>,
  enabledOnly = false,
  lang: Language = 'zh',
) {
  const conditions: (SQL | undefined)[] = [nameOrCodeContains(sendConfig, q.keyword)];
  if (q.templateType) conditions.push(eq(sendConfig.templateType, q.templateType));
  if (q.messageSource) conditions.push(eq(sendConfig.messageSource, q.messageSource));
  if (enabledOnly) conditions.push(eq(sendConfig.enabledMark, 1));
  else if (q.enabledMark !== undefined) conditions.push(eq(sendConfig.enabledMark, q.enabledMark));
  const where = and(...conditions);
  const { rows, pagination, sources, types, creatorOf } = await pageWithNames(app, sendConfig, where, q, lang);
  const templates = rows.length
    ? await app.db
        .select({ sendConfigId: sendConfigTemplate.sendConfigId, messageType: sendConfigTemplate.messageType })
        .from(sendConfigTemplate)
        .where(
          inArray(
            sendConfigTemplate.sendConfigId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    list: rows.map((r) => ({
      ...pick(
        r,
        'id',
        'fullName',
        'enCode',
        'templateType',
        'enabledMark',
        'sortCode',
        'creatorTime',
        'lastModifyTime',
      ),
      ...blankIfNull(r, 'description'),
      messageSource: r.messageSource ? (sources.get(r.messageSource) ?? r.messageSource) : '',
      messageType: [...new Set(templates.filter((t) => t.sendConfigId === r.id).map((t) => t.messageType))]
        .sort()
        .map((type) => ({ type, fullName: types.get(type) ?? type })),
      creatorUser: creatorOf(r),
    })),
    pagination,
  };
}

export async function sendConfigInfo(app: AppContext, id: string, lang: Language = 'zh') {
  const [row] = await app.db.select().from(sendConfig).where(eq(sendConfig.id, id)).limit(1);
  if (!row) throw refuse('notFound');
  const [rows, sources] = await Promise.all([
    app.db
      .select({
        row: sendConfigTemplate,
        templateCode: messageTemplate.enCode,
        templateName: messageTemplate.fullName,
      })
      .from(sendConfigTemplate)
      .leftJoin(messageTemplate, eq(messageTemplate.id, sendConfigTemplate.templateId))
      .where(eq(sendConfigTemplate.sendConfigId, id))
      .orderBy(asc(sendConfigTemplate.sortCode), asc(sendConfigTemplate.messageType)),
    dictionaryNames(app.db, 'msgSourceType', lang),
  ]);
  return {
    ...row,
    messageSource: row.messageSource ?? '',
    messageSourceName: row.messageSource ? (sources.get(row.messageSource) ?? '') : '',
    sendConfigTemplateList: rows.map((r) => ({
      ...r.row,
      templateCode: r.templateCode ?? '',
      templateName: r.templateName ?? '',
      accountCode: '',
      accountName: '',
    })),
  };
}

export async function createSendConfig(app: AppContext, actor: AuditActor, body: SendConfigBody): Promise<string> {
  const id = newId();
  await writeUniquely(app, async (tx) => {
    await checkBody(tx, body);
    await insertRecord(tx, sendConfig, { actor, moduleName: MODULE_NAME, recordId: id }, headerOf(body));
    await writeTemplates(tx, id, body);
  });
  return id;
}

export async function updateSendConfig(
  app: AppContext,
  actor: AuditActor,
  id: string,
  body: SendConfigBody & { version?: number | null },
) {
  await writeUniquely(app, async (tx) => {
    await checkBody(tx, body, id);
    await updateRecord(tx, sendConfig, { actor, moduleName: MODULE_NAME }, id, body.version, headerOf(body));
    await writeTemplates(tx, id, body);
  });
}

export async function deleteSendConfig(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [byNotice] = await tx.select({ id: notice.id }).from(notice).where(eq(notice.sendConfigId, id)).limit(1);
    const [bySchedule] = await tx.select({ id: schedule.id }).from(schedule).where(eq(schedule.send, id)).limit(1);
    if (byNotice || bySchedule) throw refuse('referenced');
    await deleteAudited(tx, sendConfig, id, { actor, moduleName: MODULE_NAME });
    await tx.delete(sendConfigTemplate).where(eq(sendConfigTemplate.sendConfigId, id));
  });
}

/** a disabled custom copy with the same templates: name + ".副本" + five digits, code + the same digits */
export const copySendConfig = (app: AppContext, actor: AuditActor, id: string): Promise<string> =>
  copyRecord(app, actor, {
    table: sendConfig,
    moduleName: MODULE_NAME,
    id,
    systemCodeMark: SYSTEM_CODE_MARK,
    async after(tx, copyId) {
      const rows = await tx.select().from(sendConfigTemplate).where(eq(sendConfigTemplate.sendConfigId, id));
      if (rows.length)
        await tx
          .insert(sendConfigTemplate)
          .values(rows.map((r) => ({ ...r, id: newId(), sendConfigId: copyId, creatorTime: Date.now() })));
    },
  });
