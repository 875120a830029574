// /api/message/MessageTemplateConfig (screen msgCenter.msgTemplate) and /api/message/SendMessageConfig (screen
// msgCenter.sendConfig). A send configuration's info and the
// selector serve the notice and schedule forms, so any signed-in user may read them.
import type { ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { createRoute, removeRoute, updateRoute } from '../../platform/recordRoutes.js';
import { ok } from '../../platform/result.js';
import { route, type Permission } from '../../platform/route.js';
import { SEND_CONFIG_SCREEN, TEMPLATE_SCREEN } from './menus.js';
import { m } from './messages.js';
import {
  copySendConfig,
  createSendConfig,
  deleteSendConfig,
  listSendConfigs,
  sendConfigBody,
  sendConfigInfo,
  sendConfigListQuery,
  updateSendConfig,
} from './sendConfigs.js';
import {
  BUILT_IN_PARAMS,
  copyTemplate,
  createTemplate,
  deleteTemplate,
  listTemplates,
  templateBody,
  templateInfo,
  templateListQuery,
  updateTemplate,
} from './templates.js';

const TEMPLATES = '/api/message/MessageTemplateConfig';
const SEND_CONFIGS = '/api/message/SendMessageConfig';
const onTemplates = (button?: ButtonCode): Permission =>
  button ? { module: TEMPLATE_SCREEN, button } : { module: TEMPLATE_SCREEN };
const onSendConfigs = (button?: ButtonCode): Permission =>
  button ? { module: SEND_CONFIG_SCREEN, button } : { module: SEND_CONFIG_SCREEN };
const idParam = z.object({ id: z.string().trim().min(1).max(50) });
const version = { version: z.coerce.number().int().min(0).nullish() };

export const messageTemplateRoutes = [
  route({
    method: 'GET',
    url: TEMPLATES,
    permission: onTemplates(),
    summary: 'Message templates, paged: keyword, templateType, messageType, messageSource, enabledMark',
    query: templateListQuery,
    async handler({ app, query, lang }) {
      return ok(await listTemplates(app, query, lang));
    },
  }),
  route({
    method: 'GET',
    url: `${TEMPLATES}/getParams`,
    permission: onTemplates(),
    summary: 'The built-in parameters a template may use: {list: [{field, fieldName}]}',
    async handler() {
      return ok({ list: BUILT_IN_PARAMS });
    },
  }),
  route({
    method: 'GET',
    url: `${TEMPLATES}/Selector`,
    permission: onSendConfigs(),
    summary:
      'Enabled templates for the send-configuration form (its screen may not include the template screen), paged: keyword, messageType, messageSource',
    query: templateListQuery,
    async handler({ app, query, lang }) {
      return ok(await listTemplates(app, { ...query, enabledMark: 1 }, lang));
    },
  }),
  createRoute({
    base: TEMPLATES,
    permission: onTemplates('btn_add'),
    summary: 'Create a template with its parameter list and SMS / WeChat fields',
    body: templateBody,
    create: createTemplate,
    message: m.created,
  }),
  route({
    method: 'GET',
    url: `${TEMPLATES}/:id`,
    permission: onTemplates(),
    summary: 'One template: body keys, templateParamList, smsFieldList, audit fields and version',
    params: idParam,
    async handler({ app, params }) {
      return ok(await templateInfo(app, params.id));
    },
  }),
  updateRoute({
    base: TEMPLATES,
    permission: onTemplates('btn_edit'),
    summary: 'Update a template; disabling one a send configuration uses is refused; a stale version is refused',
    params: idParam,
    body: templateBody.extend(version),
    update: updateTemplate,
  }),
  removeRoute({
    base: TEMPLATES,
    permission: onTemplates('btn_remove'),
    summary: 'Delete a template no send configuration uses',
    params: idParam,
    remove: deleteTemplate,
  }),
  route({
    method: 'POST',
    url: `${TEMPLATES}/:id/Actions/Copy`,
    permission: onTemplates('btn_add'),
    summary: 'Copy a template: a disabled custom template named "<name>.副本<digits>"',
    params: idParam,
    async handler({ app, req, params }) {
      return ok(await copyTemplate(app, actorOf(req), params.id), m.copied);
    },
  }),
  route({
    method: 'GET',
    url: SEND_CONFIGS,
    permission: onSendConfigs(),
    summary: 'Send configurations, paged: keyword, templateType, messageSource, enabledMark',
    query: sendConfigListQuery,
    async handler({ app, query, lang }) {
      return ok(await listSendConfigs(app, query, false, lang));
    },
  }),
  route({
    method: 'GET',
    url: `${SEND_CONFIGS}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled send configurations for the notice and schedule forms, paged',
    query: sendConfigListQuery,
    async handler({ app, query, lang }) {
      return ok(await listSendConfigs(app, query, true, lang));
    },
  }),
  createRoute({
    base: SEND_CONFIGS,
    permission: onSendConfigs('btn_add'),
    summary: 'Create a send configuration with its templates (sendConfigTemplateList)',
    body: sendConfigBody,
    create: createSendConfig,
    message: m.created,
  }),
  route({
    method: 'GET',
    url: `${SEND_CONFIGS}/:id`,
    permission: 'signedIn',
    summary: 'One send configuration: messageSourceName and its templates with their codes and names',
    params: idParam,
    async handler({ app, params, lang }) {
      return ok(await sendConfigInfo(app, params.id, lang));
    },
  }),
  updateRoute({
    base: SEND_CONFIGS,
    permission: onSendConfigs('btn_edit'),
    summary: 'Update a send configuration; its template list is replaced; a stale version is refused',
    params: idParam,
    body: sendConfigBody.extend(version),
    update: updateSendConfig,
  }),
  route({
    method: 'POST',
    url: `${SEND_CONFIGS}/:id/Actions/Copy`,
    permission: onSendConfigs('btn_add'),
    summary: 'Copy a send configuration with its templates: a disabled custom one named "<name>.副本<digits>"',
    params: idParam,
    async handler({ app, req, params }) {
      return ok(await copySendConfig(app, actorOf(req), params.id), m.copied);
    },
  }),
  removeRoute({
    base: SEND_CONFIGS,
    permission: onSendConfigs('btn_remove'),
    summary: 'Delete a send configuration no notice or schedule uses',
    params: idParam,
    remove: deleteSendConfig,
  }),
];
