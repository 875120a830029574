// Message templates and send configurations.
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export interface TemplateParam {
  id: string;
  field: string;
  fieldName: string;
}

export interface SmsField {
  id: string;
  fieldId: string;
  smsField: string;
  field: string;
  isTitle: number;
}

/** message templates (消息模板) */
export const messageTemplate = pgTable(
  'base_message_template',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** "1" system, "0" custom */
    templateType: text('template_type').notNull().default('0'),
    /** msgSourceType enCode */
    messageSource: text('message_source').notNull(),
    /** msgSendType enCode: "1" in-site, "2" mail, "3" SMS, ... "7" WeChat official account */
    messageType: text('message_type').notNull(),
    title: text('title'),
    content: text('content'),
    templateCode: text('template_code'),
    /** "1" mini program, "2" page */
    wxSkip: text('wx_skip'),
    xcxAppId: text('xcx_app_id'),
    templateParams: jsonb('template_params').$type<TemplateParam[]>().notNull().default([]),
    smsFields: jsonb('sms_fields').$type<SmsField[]>().notNull().default([]),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('base_message_template_code_uq').on(t.enCode)],
);

/** message send configurations (消息发送配置): which templates a business event sends through */
export const sendConfig = pgTable(
  'base_send_config',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    templateType: text('template_type').notNull().default('0'),
    messageSource: text('message_source'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('base_send_config_code_uq').on(t.enCode)],
);

export const sendConfigTemplate = pgTable(
  'base_send_config_template',
  {
    id: id(),
    sendConfigId: text('send_config_id').notNull(),
    messageType: text('message_type').notNull(),
    templateId: text('template_id').notNull(),
    accountConfigId: text('account_config_id'),
    ...orderedState(),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    index('base_send_config_template_config_idx').on(t.sendConfigId),
    index('base_send_config_template_template_idx').on(t.templateId),
  ],
);
