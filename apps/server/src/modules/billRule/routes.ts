// /api/system/BillRule: number rules (prefix, date, sequence, suffix). The screen needs the menu
// system.billRule (writes also its button); the selector and number generation, used by forms of any screen,
// only need a signed-in user.
import { BUILT_IN_MENUS, type ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import { refuse } from '../../platform/errors.js';
import { idOrCodeText } from '../../platform/fields.js';
import { pageQuery } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { recordWriteRoutes } from '../../platform/recordRoutes.js';
import { route } from '../../platform/route.js';
import { dictionaryMessages as dm } from '../dictionary/index.js';
import { offerDownload, readUpload, safeFileName } from '../../platform/transfers.js';
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
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One rule',
    params: idParams,
    async handler({ app, params }) {
      const row = await ruleById(app.db, params.id);
      if (!row) throw refuse('notFound');
      return ok(ruleInfo(row));
    },
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: withButton('btn_add'),
    summary: 'Create a rule; example is computed by the server',
    body: ruleCreateBody,
    async handler({ app, req, body }) {
      await app.db.transaction((tx) => createRule(tx, actorOf(req), body));
      return ok(undefined, 'created');
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
  route({
    method: 'GET',
    url: `${BASE}/:id/Actions/Export`,
    permission: withButton('btn_export'),
    summary: 'Export a rule as a .bb file; answers {name, url} to download it',
    params: idParams,
    async handler({ app, params, principal }) {
      const row = await ruleById(app.db, params.id);
      if (!row) throw refuse('notFound');
      const category = (await businessCategories(app.db)).find((c) => c.id === row.category);
      return ok(
        await offerDownload(
          app,
          principal.userId,
          `${safeFileName(`${row.fullName}_${row.enCode}`)}${BB_EXTENSION}`,
          JSON.stringify(exportDocument(row, category?.enCode ?? null), null, 2),
        ),
      );
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Actions/Import`,
    permission: withButton('btn_import'),
    summary: 'Import a .bb file (multipart: file, type 0 skip / 1 append a copy)',
    async handler({ app, req, lang }) {
      const upload = await readUpload(req, BB_MAX_BYTES, { key: dm.importTooLarge, params: { size: '256KB' } });
      if (!upload.file) throw refuse(dm.importNoFile);
      const mode = upload.fields.type ?? '0';
      if (mode !== '0' && mode !== '1') throw refuse(dm.importTypeInvalid);
      const doc = parseBb(upload.file.name, upload.file.bytes, lang);
      const result = await app.db.transaction((tx) => importBb(tx, actorOf(req), doc, mode === '1' ? 1 : 0, lang));
      return ok(result, result.snum ? dm.imported : m.importSkipped);
    },
  }),
];
