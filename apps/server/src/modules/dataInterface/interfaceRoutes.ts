// /api/system/DataInterface: data interfaces (数据接口) — the screen's calls behind its menu and buttons, and
// the calls that run an interface: Preview (the screen), Actions/List, InfoByIds and GetFields (forms'
// dynamic options and popup selects, for any user granted at least one menu), with every call logged.
import { BUILT_IN_MENUS } from '@jnpf/core';
import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataInterface } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { idParams } from '../../platform/fields.js';
import { containsPattern, pageOfRows, pageQuery } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { removeRoute } from '../../platform/recordRoutes.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import {
  dictionaryItems,
  dictionaryMessages as dm,
  exportRoute,
  importRoute,
  infoRoute,
  readExchangeFile,
} from '../dictionary/index.js';
import {
  BDI_EXTENSION,
  BDI_FORMAT,
  BDI_MAX_BYTES,
  BDI_VERSION,
  bdiDocument,
  copyInterface,
  createInterface,
  deleteInterface,
  exportDocument,
  importDocument,
  interfaceBody,
  interfaceById,
  interfaceInfo,
  toggleInterface,
  updateInterface,
} from './interfaces.js';
import { logged, logsOfInterface } from './logs.js';
import { DATA_INTERFACE_TYPE, INTERFACE_MENU } from './menus.js';
import { m } from './messages.js';
import { paramsOf, TYPE_TEXT, type InterfaceRow } from './model.js';
import { creatorNames } from './names.js';
import {
  executeInterface,
  fieldsOf,
  listPage,
  MAX_ROWS,
  paramValues,
  resolvedParamValues,
  rowsByIds,
  type CallContext,
} from './runtime.js';
import { formsUsingInterface, ONLINE_FORM_MENU_TYPE } from './formUse.js';

const BASE = '/api/system/DataInterface';
const read = { module: INTERFACE_MENU };
const withButton = (button: 'btn_add' | 'btn_edit' | 'btn_remove' | 'btn_copy' | 'btn_export' | 'btn_import') => ({
  module: INTERFACE_MENU,
  button,
});

const paramListItem = z
  .object({ field: z.string().max(100).nullish(), defaultValue: z.unknown().optional() })
  .passthrough();
const paramList = z.array(paramListItem).max(100).default([]);

const listBody = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  // popups without paging read up to 10000 rows at once, the most a call returns
  pageSize: z.coerce.number().int().min(1).max(MAX_ROWS).default(20),
  keyword: z.string().trim().max(200).default(''),
  paramList,
  propsValue: z.string().max(100).default('id'),
  relationField: z.string().max(100).default('fullName'),
  columnOptions: z
    .union([
      z.string().max(2000),
      z.array(z.union([z.string().max(100), z.object({ value: z.string().max(100) }).passthrough()])).max(50),
    ])
    .default(''),
  formId: z.string().max(64).nullish(),
});

const idsBody = z.object({
  ids: z.union([z.array(z.union([z.string().max(200), z.number()])).max(500), z.string().max(20_000)]).default([]),
  propsValue: z.string().max(100).default('id'),
  paramList,
  formId: z.string().max(64).nullish(),
});

const previewBody = z.object({ paramList, formId: z.string().max(64).nullish() });

const fieldNames = (columnOptions: z.infer<typeof listBody>['columnOptions']) =>
  (typeof columnOptions === 'string'
    ? columnOptions.split(',')
    : columnOptions.map((c) => (typeof c === 'string' ? c : c.value))
  )
    .map((c) => c.trim())
    .filter(Boolean);

/** the interface, enabled unless the caller holds the data-interface menu (who tries a disabled one) */
async function callable(app: AppContext, id: string, allowDisabled = false): Promise<InterfaceRow> {
  const row = await interfaceById(app.db, id);
  if (!row) throw refuse('notFound');
  if (row.enabledMark !== 1 && !allowDisabled) throw refuse(m.disabled);
  return row;
}

/**
 * who may fetch an interface's data (List, InfoByIds, GetFields): administrators; holders of the data-interface
 * menu or of the function-design menu (designers bind interfaces to fields and try their forms); and users granted
 * a menu of a released online form that uses the interface. Writing interfaces stay the administrators'.
 */
const formUser = {
  module: [INTERFACE_MENU, BUILT_IN_MENUS.webDesign.enCode],
  usedBy: {
    param: 'id',
    users: formsUsingInterface,
    menuType: ONLINE_FORM_MENU_TYPE,
    describe: 'a released online form',
  },
} as const;

const ctxOf = (app: AppContext, principal: Principal): CallContext => ({
  app,
  caller: { userId: principal.userId, isAdministrator: principal.isAdministrator },
});

const logBase = (principal: Principal, interfaceId: string, req: FastifyRequest) => ({
  interfaceId,
  userId: principal.userId,
  userName: `${principal.userName}/${principal.account}`,
  method: req.method,
});

export const interfaceRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Data interfaces, paged (keyword, category, type, enabledMark, hasPage)',
    query: pageQuery.extend({
      category: z.string().trim().max(64).default(''),
      type: z.union([z.literal(''), z.coerce.number().int().min(1).max(3)]).default(''),
      enabledMark: z.union([z.literal(''), z.coerce.number().int().min(0).max(1)]).default(''),
      hasPage: z.union([z.literal(''), z.coerce.number().int().min(0).max(1)]).default(''),
      dataType: z.string().max(20).optional(),
    }),
    async handler({ app, query, lang }) {
      const conditions: (SQL | undefined)[] = [];
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(dataInterface.fullName, like), ilike(dataInterface.enCode, like)));
      }
      if (query.category) conditions.push(eq(dataInterface.category, query.category));
      if (query.type !== '') conditions.push(eq(dataInterface.type, query.type));
      if (query.enabledMark !== '') conditions.push(eq(dataInterface.enabledMark, query.enabledMark));
      if (query.hasPage !== '') conditions.push(eq(dataInterface.hasPage, query.hasPage));
      const { rows, pagination } = await pageOfRows(app.db, dataInterface, and(...conditions), query);
      const [names, categories] = await Promise.all([
        creatorNames(
          app.db,
          rows.map((r) => r.creatorUserId),
        ),
        dictionaryItems(app.db, DATA_INTERFACE_TYPE),
      ]);
      const categoryName = new Map(categories.map((c) => [c.id, c.fullName]));
      return page(
        rows.map((r) => ({
          id: r.id,
          fullName: r.fullName,
          enCode: r.enCode,
          type: TYPE_TEXT[r.type]?.[lang] ?? String(r.type),
          typeId: r.type,
          category: categoryName.get(r.category) ?? r.category,
          categoryId: r.category,
          hasPage: r.hasPage,
          action: r.action,
          isPostPosition: r.isPostPosition,
          sortCode: r.sortCode,
          enabledMark: r.enabledMark,
          creatorTime: r.creatorTime,
          creatorUser: names.get(r.creatorUserId ?? '') ?? '',
          tenantId: '',
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Enabled interfaces under their DataInterfaceType categories (bare array tree)',
    async handler({ app }) {
      const [categories, rows] = await Promise.all([
        dictionaryItems(app.db, DATA_INTERFACE_TYPE),
        app.db
          .select()
          .from(dataInterface)
          .where(eq(dataInterface.enabledMark, 1))
          .orderBy(asc(dataInterface.sortCode), desc(dataInterface.creatorTime)),
      ]);
      return ok(
        categories
          .map((c) => {
            const children = rows
              .filter((r) => r.category === c.id)
              .map((r) => ({
                id: r.id,
                parentId: c.id,
                fullName: r.fullName,
                enCode: r.enCode,
                category: '1',
                type: r.type,
                hasPage: r.hasPage,
                hasChildren: false,
                isLeaf: true,
                children: [],
              }));
            return {
              id: c.id,
              parentId: '-1',
              fullName: c.fullName,
              enCode: c.enCode,
              category: '0',
              hasChildren: children.length > 0,
              isLeaf: false,
              children,
            };
          })
          .filter((c) => c.children.length > 0),
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getList`,
    permission: 'signedIn',
    summary: 'Enabled interfaces for pickers, paged (keyword, category, type)',
    query: pageQuery.extend({
      category: z.string().trim().max(64).default(''),
      type: z.union([z.literal(''), z.coerce.number().int().min(1).max(3)]).default(''),
    }),
    async handler({ app, query, lang }) {
      const conditions: (SQL | undefined)[] = [eq(dataInterface.enabledMark, 1)];
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(dataInterface.fullName, like), ilike(dataInterface.enCode, like)));
      }
      if (query.category) conditions.push(eq(dataInterface.category, query.category));
      if (query.type !== '') conditions.push(eq(dataInterface.type, query.type));
      const { rows, pagination } = await pageOfRows(app.db, dataInterface, and(...conditions), query);
      return page(
        rows.map((r) => ({
          id: r.id,
          fullName: r.fullName,
          enCode: r.enCode,
          type: TYPE_TEXT[r.type]?.[lang] ?? String(r.type),
          parameterJson: r.parameterJson ?? '',
          fieldJson: r.fieldJson ?? '',
          isPostPosition: r.isPostPosition,
          hasPage: r.hasPage,
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/GetParam/:id`,
    permission: 'signedIn',
    summary: "An interface's parameters (bare array)",
    params: idParams,
    async handler({ app, params }) {
      const row = await interfaceById(app.db, params.id);
      if (!row) throw refuse('notFound');
      return ok(paramsOf(row));
    },
  }),
  infoRoute({
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One interface with every stored key',
    params: idParams,
    find: interfaceById,
    answer: interfaceInfo,
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: withButton('btn_add'),
    summary: 'Create an interface (SQL words, static JSON and API address checked; writing SQL for administrators)',
    body: interfaceBody,
    async handler({ app, req, body, principal }) {
      return ok(await createInterface(app, actorOf(req), body, principal.isAdministrator), m.created);
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id`,
    permission: withButton('btn_edit'),
    summary: 'Update an interface',
    params: idParams,
    body: interfaceBody,
    async handler({ app, req, params, body, principal }) {
      await updateInterface(app, actorOf(req), params.id, body, principal.isAdministrator);
      return ok(undefined, 'updated');
    },
  }),
  removeRoute({
    base: BASE,
    permission: withButton('btn_remove'),
    summary: 'Delete an interface and its variables',
    params: idParams,
    remove: deleteInterface,
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/Actions/State`,
    permission: withButton('btn_edit'),
    summary: 'Enable or disable an interface',
    params: idParams,
    async handler({ app, req, params }) {
      await toggleInterface(app, actorOf(req), params.id);
      return ok(undefined, m.stateChanged);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    permission: withButton('btn_copy'),
    summary: 'Copy an interface, disabled, as "<name>.副本xxxxx"',
    params: idParams,
    async handler({ app, req, params }) {
      return ok(await copyInterface(app, actorOf(req), params.id), 'copied');
    },
  }),
  exportRoute({
    url: `${BASE}/:id/Actions/Export`,
    permission: withButton('btn_export'),
    summary: 'Export an interface with its variables as a .bdi file; answers {name, url}',
    params: idParams,
    find: interfaceById,
    extension: BDI_EXTENSION,
    document: exportDocument,
  }),
  importRoute({
    url: `${BASE}/Actions/Import`,
    permission: withButton('btn_import'),
    summary: 'Import a .bdi file (multipart: file, type 0 skip / 1 append a copy)',
    maxBytes: BDI_MAX_BYTES,
    size: '4MB',
    parse: (fileName, bytes, lang) =>
      readExchangeFile(fileName, bytes, lang, {
        extension: BDI_EXTENSION,
        maxBytes: BDI_MAX_BYTES,
        sizeText: '4MB',
        format: BDI_FORMAT,
        version: BDI_VERSION,
        wrongFormat: m.importWrongFormat,
        schema: bdiDocument,
      }),
    // a writing interface may come in only with an administrator, as when it is created on the screen
    write: (tx, actor, doc, mode, _lang, isAdministrator) => importDocument(tx, actor, doc, mode, isAdministrator),
    message: (result) => (result.snum ? dm.imported : m.importSkipped),
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/Preview`,
    permission: read,
    summary: 'Runs the interface with paramList (field → defaultValue) and answers its result',
    params: idParams,
    body: previewBody,
    async handler({ app, req, params, body, principal }) {
      const row = await callable(app, params.id, true);
      const data = await logged(app, req, logBase(principal, row.id, req), () =>
        executeInterface(ctxOf(app, principal), row, {
          params: paramValues(body.paramList),
          ...(body.formId ? { formId: body.formId } : {}),
        }),
      );
      return ok(data ?? null, m.requested);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/List`,
    permission: formUser,
    summary: "One page of an interface's rows (keyword over relationField and columnOptions)",
    params: idParams,
    body: listBody,
    async handler({ app, req, params, body, principal }) {
      const ctx = ctxOf(app, principal);
      const row = await callable(app, params.id);
      const searchFields = [...new Set([body.relationField, ...fieldNames(body.columnOptions)].filter(Boolean))];
      const result = await logged(app, req, logBase(principal, row.id, req), async () =>
        listPage(
          ctx,
          row,
          {
            params: await resolvedParamValues(ctx, body.paramList, body.formId ?? undefined),
            ...(body.formId ? { formId: body.formId } : {}),
          },
          { page: { currentPage: body.currentPage, pageSize: body.pageSize, keyword: body.keyword }, searchFields },
        ),
      );
      return ok(result);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/InfoByIds`,
    permission: formUser,
    summary: 'The rows whose propsValue field is one of ids (array)',
    params: idParams,
    body: idsBody,
    async handler({ app, req, params, body, principal }) {
      const ctx = ctxOf(app, principal);
      const row = await callable(app, params.id);
      const ids = (Array.isArray(body.ids) ? body.ids.map(String) : body.ids.split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      const rows = await logged(app, req, logBase(principal, row.id, req), async () =>
        rowsByIds(ctx, row, { params: await resolvedParamValues(ctx, body.paramList) }, body.propsValue, ids),
      );
      return ok(rows);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/GetFields`,
    permission: formUser,
    summary: 'The result\'s field names ("接口不符合规范！" when the result is not a list of rows)',
    params: idParams,
    body: previewBody,
    async handler({ app, req, params, body, principal }) {
      const ctx = ctxOf(app, principal);
      const row = await callable(app, params.id, principal.isAdministrator);
      const fields = await logged(app, req, logBase(principal, row.id, req), async () =>
        fieldsOf(ctx, row, { params: await resolvedParamValues(ctx, body.paramList) }),
      );
      return ok(fields);
    },
  }),
  route({
    method: 'GET',
    url: '/api/system/DataInterfaceLog/:id',
    permission: read,
    summary: "An interface's call log, newest first (keyword: caller, address)",
    params: idParams,
    query: pageQuery,
    async handler({ app, params, query }) {
      const { list, pagination } = await logsOfInterface(app, params.id, query);
      return page(list, pagination);
    },
  }),
];
