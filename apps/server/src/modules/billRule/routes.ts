// /api/system/BillRule: number rules (prefix, date, sequence, suffix). The screen needs the menu
// system.billRule (writes also its button); the selector and number generation, used by forms of any screen,
// only need a signed-in user.
import { BUILT_IN_MENUS, type ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import { idOrCodeText } from '../../platform/fields.js';
import { pageQuery } from '../../platform/paging.js';
import { ok } from '../../platform/result.js';
import { createRoute, recordWriteRoutes } from '../../platform/recordRoutes.js';
import { route } from '../../platform/route.js';
import { dictionaryMessages as dm, exportRoute, importRoute, infoRoute } from '../dictionary/index.js';
import { ruleCreateBody, ruleUpdateBody } from './ruleBody.js';
import { m } from './messages.js';
import {
  businessCategories,
  createRule,
  deleteRule,
  issueNumber,
  listRules,
  ruleById,
  ruleInfo,
  toggleRule,
  updateRule,
} from './service.js';
import { BB_EXTENSION, BB_MAX_BYTES, exportDocument, importBb, parseBb } from './transfer.js';

const BASE = '/api/system/BillRule';
export const BILL_RULE_MENU = BUILT_IN_MENUS.billRule.enCode;
const read = { module: BILL_RULE_MENU };
const withButton = (button: ButtonCode) => ({ module: BILL_RULE_MENU, button });
const idParams = z.object({ id: idOrCodeText });

const listQuery = pageQuery.extend({
  categoryId: z.string().trim().max(100).optional(),
  enabledMark: z
    .union([z.literal('0'), z.literal('1'), z.literal('')])
    .optional()
    .transform((v) => (v === '1' ? 1 : v === '0' ? 0 : undefined)),
});

export const billRuleRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Paged list; keyword (name or code), categoryId, enabledMark',
    query: listQuery,
    async handler({ app, query }) {
      return ok(await listRules(app.db, query, false));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled rules, paged, for pickers; keyword, categoryId',
    query: listQuery,
    async handler({ app, query }) {
      return ok(await listRules(app.db, query, true));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/BillNumber/:enCode`,
    permission: 'signedIn',
    summary: 'Hand out the next number of the rule with this code (or id); every call gets a new number',
    params: z.object({ enCode: idOrCodeText }),
    async handler({ app, params }) {
      return ok(await issueNumber(app.db, params.enCode), m.numberIssued);
    },
  }),
  infoRoute({
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One rule',
    params: idParams,
    find: ruleById,
    answer: ruleInfo,
  }),
  createRoute({
    base: BASE,
    permission: withButton('btn_add'),
    summary: 'Create a rule; example is computed by the server',
    body: ruleCreateBody,
    // the reference answers no id
    create: async (app, actor, body) => {
      await app.db.transaction((tx) => createRule(tx, actor, body));
    },
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: withButton,
    params: idParams,
    body: ruleUpdateBody,
    summaries: {
      update: 'Update a rule (optional version); its running numbers continue',
      remove: 'Delete a rule that has not handed out numbers',
      state: 'Enable or disable a rule (no body)',
    },
    update: (app, actor, id, body) => app.db.transaction((tx) => updateRule(tx, actor, id, body, body.version)),
    remove: (app, actor, id) => app.db.transaction((tx) => deleteRule(tx, actor, id)),
    toggle: (app, actor, id) => app.db.transaction((tx) => toggleRule(tx, actor, id)),
  }),
  exportRoute({
    url: `${BASE}/:id/Actions/Export`,
    permission: withButton('btn_export'),
    summary: 'Export a rule as a .bb file; answers {name, url} to download it',
    params: idParams,
    find: ruleById,
    extension: BB_EXTENSION,
    document: async (db, row) => {
      const category = (await businessCategories(db)).find((c) => c.id === row.category);
      return exportDocument(row, category?.enCode ?? null);
    },
  }),
  importRoute({
    url: `${BASE}/Actions/Import`,
    permission: withButton('btn_import'),
    summary: 'Import a .bb file (multipart: file, type 0 skip / 1 append a copy)',
    maxBytes: BB_MAX_BYTES,
    size: '256KB',
    parse: parseBb,
    write: importBb,
    message: (result) => (result.snum ? dm.imported : m.importSkipped),
  }),
];
