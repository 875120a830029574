// /api/visualdev/ShortLink: the public links of a design (表单外链). Designers (menu onlineDev.webDesign, its
// btn_edit to change) set them up; visitors use them without signing in: every public call names the link by
// its `encryption` token, a protected link's calls carry the ticket its password earned (header x-link-ticket),
// and each is limited per address.
import { dataFields, md5Hex, type FieldConfig } from '@jnpf/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { placeSearches, searchPlaces, sendStaticMap, staticMapQuery } from '../../area/index.js';
import { refuse } from '../../../platform/errors.js';
import { idOrCodeText, strictFlag01 } from '../../../platform/fields.js';
import { actorOf } from '../../../platform/request.js';
import { ok } from '../../../platform/result.js';
import { route } from '../../../platform/route.js';
import { msg } from '../../../platform/validation.js';
import { designById } from '../design/designs.js';
import { dataBody, listBody } from '../runtime/fields.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';
import { releasedRow, parseModel, type Model } from '../runtime/model.js';
import { loadOptions } from '../runtime/options.js';
import { createRecord, displayContext, listRecords, listRequest, parseData, recordOf } from '../runtime/records.js';
import { displayRecord } from '../runtime/display.js';
import { serverWidgetOf } from '../runtime/values.js';
import {
  assertUnlocked,
  checkSettings,
  linkInfo,
  linkOf,
  openLink,
  publicFormData,
  publicList,
  publicListExtras,
  publicListModel,
  publicRow,
  PUBLIC_PAGE_MAX,
  visitorModel,
  readToken,
  renewKey,
  saveLink,
  TICKET_HEADER,
  unlock,
  type OpenLink,
} from './shortLinks.js';
import {
  publicPopupIdsBody,
  publicPopupListBody,
  publicPopupPage,
  publicPopupRows,
  publicRelationPage,
  publicRelationQuery,
} from './publicPopups.js';

const LINK = '/api/visualdev/ShortLink';
const idParams = z.object({ id: idOrCodeText });
const modelParams = z.object({ modelId: idOrCodeText });
const recordParams = z.object({ modelId: idOrCodeText, id: idOrCodeText });
const tokenQuery = z.object({ encryption: z.string().max(500).optional() });

/** a list of field props: a JSON string (the reference sends its chosen options' JSON) or an array */
const propList = z.preprocess(
  (v) => {
    let value = v;
    if (typeof value === 'string') {
      try {
        value = value.trim() ? JSON.parse(value) : [];
      } catch {
        return v;
      }
    }
    if (!Array.isArray(value)) return value ?? [];
    // the reference stores whole option objects; their id (or prop) names the field
    return value.map((item) =>
      item && typeof item === 'object'
        ? ((item as { id?: unknown; prop?: unknown }).id ?? (item as { prop?: unknown }).prop)
        : item,
    );
  },
  z.array(z.string().trim().min(1).max(64)).max(200),
);
const linkPassword = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.string().max(20, msg(m.linkPasswordTooLong)).optional(),
);

const settingsBody = z.object({
  id: idOrCodeText,
  formUse: strictFlag01(0),
  formPassUse: strictFlag01(0),
  formPassword: linkPassword,
  columnUse: strictFlag01(0),
  columnPassUse: strictFlag01(0),
  columnPassword: linkPassword,
  columnCondition: propList,
  columnText: propList,
});

const unlockBody = z.object({
  id: idOrCodeText,
  /** 0 the form link, 1 the list link */
  type: z.coerce.number().int().min(0).max(1),
  encryption: z.string().max(500),
  /** md5 hex of the password, as the reference client sends it */
  password: z.string().trim().max(64, msg(m.linkPasswordWrong)),
});

/** per address and link: a busy office shares one address, and each link is limited on its own */
const trimmedId = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
// (the id as validation reads it: " 1" and "1" are one link, and one budget)
const perLink = (req: FastifyRequest) => `${req.ip}|${trimmedId((req.params as { modelId?: unknown })?.modelId)}`;

const ticketOf = (req: FastifyRequest) => {
  const value = req.headers[TICKET_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** the released model behind an open link */
async function linkedModel(app: AppContext, modelId: string, kind: 'form' | 'list' = 'form'): Promise<Model> {
  const row = await releasedRow(app.db, modelId);
  if (!row) throw refuse(m.notReleased);
  // a list link ends when the function no longer has a list (a form-only function's records are its designers')
  if (kind === 'list' && row.webType !== 2) throw refuse(m.linkListNeedsList);
  return parseModel(row);
}

/** the link a public call was made with, checked open, of the needed kind, and unlocked */
async function usableLink(
  app: AppContext,
  req: FastifyRequest,
  modelId: string,
  token: string | undefined,
  kind?: 'form' | 'list',
) {
  const link = await openLink(app.db, modelId, token, kind);
  await assertUnlocked(app.shared.kv, link, ticketOf(req));
  return link;
}

/** whether a visitor's form has a field whose picker uses the maps service (the location field) */
const usesMaps = (fields: readonly FieldConfig[]): boolean =>
  dataFields(fields).some((f) => serverWidgetOf(f).usesMaps);

export const shortLinkRoutes = [
  route({
    method: 'GET',
    url: `${LINK}/:id`,
    // the links themselves are the keys to the form: only those who may change them see them
    permission: { module: DESIGN_MENU, button: 'btn_edit' },
    summary:
      "A design's public links: {id, formUse, formLink, formPassUse, columnUse, columnLink, columnPassUse, columnCondition, columnText (JSON strings of props), hasFormPassword, hasColumnPassword, alreadySave}; passwords are never sent",
    params: idParams,
    async handler({ app, params }) {
      if (!(await designById(app.db, params.id))) throw refuse('notFound');
      return ok(linkInfo(params.id, await linkOf(app.db, params.id)));
    },
  }),
  route({
    method: 'PUT',
    url: LINK,
    permission: { module: DESIGN_MENU, button: 'btn_edit' },
    summary:
      'Save the public links of design {id}: formUse, formPassUse, formPassword (a new password; empty keeps the current one), columnUse, columnPassUse, columnPassword, columnCondition and columnText (props); answers the settings',
    body: settingsBody,
    async handler({ app, req, body, lang }) {
      const design = await designById(app.db, body.id);
      if (!design) throw refuse('updateNotFound');
      const current = await linkOf(app.db, body.id);
      const settings = {
        ...body,
        formPassword: body.formPassword ? md5Hex(body.formPassword) : undefined,
        columnPassword: body.columnPassword ? md5Hex(body.columnPassword) : undefined,
      };
      checkSettings(settings, design, current, lang);
      await app.db.transaction((tx) => saveLink(tx, actorOf(req), body.id, settings, current));
      return ok(linkInfo(body.id, await linkOf(app.db, body.id)), 'saved');
    },
  }),
  route({
    method: 'POST',
    url: `${LINK}/:id/Actions/Renew`,
    permission: { module: DESIGN_MENU, button: 'btn_edit' },
    summary: 'New links for design {id}: every link handed out before stops working; answers the settings',
    params: idParams,
    async handler({ app, req, params }) {
      const current = await linkOf(app.db, params.id);
      if (!current) throw refuse('updateNotFound');
      await app.db.transaction((tx) => renewKey(tx, actorOf(req), current));
      return ok(linkInfo(params.id, await linkOf(app.db, params.id)), 'saved');
    },
  }),

  // ---- what visitors call (no sign-in)
  route({
    method: 'GET',
    url: `${LINK}/getConfig/:modelId`,
    permission: 'public',
    summary:
      'What a link opens: {id, type (form | list), fullName, formPassUse or columnPassUse (the password screen comes first), link}',
    params: modelParams,
    query: tokenQuery,
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, params, query }) {
      const link = await openLink(app.db, params.modelId, query.encryption);
      const model = await linkedModel(app, params.modelId);
      const passUse = link.locked ? 1 : 0;
      return ok({
        id: params.modelId,
        type: link.type,
        fullName: model.fullName,
        ...(link.type === 'form' ? { formPassUse: passUse } : { columnPassUse: passUse }),
      });
    },
  }),
  route({
    method: 'POST',
    url: `${LINK}/checkPwd`,
    permission: 'public',
    summary:
      "Check a protected link's password {id, type 0 form | 1 list, encryption, password: md5 hex}; the right one answers {ticket} for the header x-link-ticket (8 hours), else 密码错误！",
    body: unlockBody,
    rateLimit: {
      max: 10,
      timeWindowMs: 60_000,
      key: (req) => `${req.ip}|${trimmedId((req.body as { id?: unknown })?.id)}`,
    },
    async handler({ app, body }) {
      const kind = body.type === 0 ? 'form' : 'list';
      if (readToken(body.encryption)?.type !== kind) throw refuse(m.linkInvalid);
      const link = await openLink(app.db, body.id, body.encryption, kind);
      return ok({ ticket: await unlock(app.shared.kv, link, body.password) });
    },
  }),
  route({
    method: 'GET',
    url: `${LINK}/:modelId/Config`,
    permission: 'public',
    summary:
      'The page of a link: a form link {id, fullName, webType, formData} (system fields and numbers left out, dictionary options given inline); a list link {id, fullName, webType, columnData} with only the shared columns and conditions (the summary row, thousands separators and grouped headers over those columns; a masked field never summed)',
    params: modelParams,
    query: tokenQuery,
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query }) {
      const link = await usableLink(app, req, params.modelId, query.encryption);
      const model = await linkedModel(app, params.modelId);
      const options = await loadOptions(app, model.fields);
      const base = { id: model.id, fullName: model.fullName, enCode: model.enCode, webType: model.webType };
      if (link.type === 'form') return ok({ ...base, formData: publicFormData(model, options), columnData: '' });
      const list = publicList(model, link.row, options);
      const columnData = {
        type: 1,
        columnList: list.columns,
        searchList: list.searches,
        btnsList: [],
        columnBtnsList: [],
        hasPage: model.list.hasPage !== false,
        pageSize: model.list.pageSize,
        defaultSidx: list.columns.some((c) => c.prop === model.list.defaultSidx) ? model.list.defaultSidx : '',
        sort: model.list.sort === 'asc' ? 'asc' : 'desc',
        ...publicListExtras(model, list.columns),
      };
      return ok({ ...base, formData: '', columnData: JSON.stringify(columnData) });
    },
  }),
  route({
    method: 'POST',
    url: `${LINK}/:modelId/ListLink`,
    permission: 'public',
    summary:
      'Paged records of a list link {id, <prop>: shown value}: only the shared columns (people by name, without accounts or raw ids), searched only by the shared conditions (queryJson), sorted by a shared column, always paged (at most 100)',
    params: modelParams,
    query: tokenQuery,
    body: listBody,
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, body, lang }) {
      const link = await usableLink(app, req, params.modelId, query.encryption, 'list');
      const model = await linkedModel(app, params.modelId, 'list');
      const shared = publicListModel(model, publicList(model, link.row, await loadOptions(app, model.fields)));
      const visible = new Set(shared.columns.map((c) => c.prop));
      // the keyword box searches nothing here (no shared condition is a keyword item); always a page at a time
      const request = {
        ...body,
        keyword: '',
        dataType: '0' as const,
        pageSize: Math.min(body.pageSize, PUBLIC_PAGE_MAX),
      };
      const page = await listRecords(app, shared, listRequest(request, lang), visible, lang);
      return ok({ ...page, list: page.list.map((row) => publicRow(shared.fields, row)) });
    },
  }),
  route({
    method: 'GET',
    url: `${LINK}/:modelId/:id/DataChange`,
    permission: 'public',
    summary: 'One record of a list link as shown: {id, data: JSON string of the shared columns only}',
    params: recordParams,
    query: tokenQuery,
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, lang }) {
      const link: OpenLink = await usableLink(app, req, params.modelId, query.encryption, 'list');
      const model = await linkedModel(app, params.modelId, 'list');
      const row = await recordOf(app.db, model.id, params.id);
      if (!row) throw refuse('notFound');
      // the shared columns as the list shows them (a field since turned into rich text or files drops out)
      const fields = publicList(model, link.row, new Map()).columns.map((c) => model.byVModel.get(c.prop)!);
      const ctx = await displayContext(app, model, [row], lang);
      const shown = publicRow(fields, displayRecord(fields, row.data, ctx, row.creatorUserId));
      return ok({ id: row.id, data: JSON.stringify(shown) });
    },
  }),
  route({
    method: 'POST',
    url: `${LINK}/:modelId/Popup/List`,
    permission: 'public',
    summary:
      "One page of the rows a popup field of a form link's form reads {field, table (its sub-table), keyword, currentPage, pageSize, paramList}: the design's interface and parameters (the visitor gives only those bound to fields or to the typed keyword), each row only the columns the popup shows; {list, pagination}",
    params: modelParams,
    query: tokenQuery,
    body: publicPopupListBody,
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, body }) {
      await usableLink(app, req, params.modelId, query.encryption, 'form');
      const model = visitorModel(await linkedModel(app, params.modelId));
      return ok(await publicPopupPage(app, model, body));
    },
  }),
  route({
    method: 'POST',
    url: `${LINK}/:modelId/Popup/InfoByIds`,
    permission: 'public',
    summary:
      "The rows of stored ids of a popup field of a form link's form {field, table, ids, paramList}, each only the columns the popup shows",
    params: modelParams,
    query: tokenQuery,
    body: publicPopupIdsBody,
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, body }) {
      await usableLink(app, req, params.modelId, query.encryption, 'form');
      const model = visitorModel(await linkedModel(app, params.modelId));
      return ok(await publicPopupRows(app, model, body));
    },
  }),
  route({
    method: 'GET',
    url: `${LINK}/:modelId/Relation/List`,
    permission: 'public',
    summary:
      "One page of the records a relation-form field of a form link's form offers {field, table (its sub-table), keyword, currentPage, pageSize}: the released form the design links, only its relationField, columnOptions and the fields its attributes show, as shown (no raw ids); {list, pagination}",
    params: modelParams,
    query: tokenQuery.merge(publicRelationQuery),
    rateLimit: { max: 120, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, lang }) {
      await usableLink(app, req, params.modelId, query.encryption, 'form');
      const model = visitorModel(await linkedModel(app, params.modelId));
      return ok(await publicRelationPage(app, model, query, lang));
    },
  }),
  route({
    method: 'GET',
    url: `${LINK}/:modelId/Location/staticmap`,
    permission: 'public',
    summary:
      "A map picture for the location field of a form link's form (the picker's map): location, zoom, size \"W*H\" up to 1024*1024, scale 1 or 2, through the server's maps key as /api/system/Location/staticmap; only for an open, unlocked form link whose form has a location field",
    params: modelParams,
    query: tokenQuery.merge(staticMapQuery),
    // one picture per move or zoom of the picker, as the signed-in route allows
    rateLimit: { max: 240, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, lang, reply }) {
      await usableLink(app, req, params.modelId, query.encryption, 'form');
      const model = visitorModel(await linkedModel(app, params.modelId));
      if (!usesMaps(model.fields)) throw refuse(m.linkNoLocation);
      const { encryption: _token, ...picture } = query;
      await sendStaticMap(lang, picture, reply);
    },
  }),
  ...(['around', 'text'] as const).map((kind) =>
    route({
      method: 'GET',
      url: `${LINK}/:modelId/Location/${kind}`,
      permission: 'public',
      summary: `Places ${kind === 'around' ? 'around a point' : 'matching keywords'} for the location field of a form link's form (the picker's list), as /api/system/Location/${kind}; only for an open, unlocked form link whose form has a location field`,
      params: modelParams,
      query: tokenQuery.merge(placeSearches[kind].query),
      // as the signed-in searches allow one user
      rateLimit: { max: 60, timeWindowMs: 60_000, key: perLink },
      async handler({ app, req, params, query, lang }) {
        await usableLink(app, req, params.modelId, query.encryption, 'form');
        const model = visitorModel(await linkedModel(app, params.modelId));
        if (!usesMaps(model.fields)) throw refuse(m.linkNoLocation);
        const { encryption: _token, ...search } = query;
        return searchPlaces(lang, kind, search);
      },
    }),
  ),
  route({
    method: 'POST',
    url: `${LINK}/:modelId`,
    permission: 'public',
    summary:
      'Create a record through a form link from {data: JSON string}; checked like any record, without creator. Problems by __vModel__ (401)',
    params: modelParams,
    query: tokenQuery,
    body: dataBody,
    rateLimit: { max: 20, timeWindowMs: 60_000, key: perLink },
    async handler({ app, req, params, query, body, lang }) {
      await usableLink(app, req, params.modelId, query.encryption, 'form');
      // only what the visitor's form shows is taken from the visitor
      const model = visitorModel(await linkedModel(app, params.modelId));
      await createRecord(app, req.principal, actorOf(req), model, parseData(body.data, lang), lang);
      return ok(undefined, m.linkSubmitted);
    },
  }),
];
