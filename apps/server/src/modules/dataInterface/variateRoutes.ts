// /api/system/DataInterfaceVariate: interface variables (接口变量), behind the data-interface menu.
import { z } from 'zod';
import { idParams } from '../../platform/fields.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { offerDownload, safeFileName } from '../../platform/transfers.js';
import { dictionaryMessages as dm, importRoute, readExchangeFile } from '../dictionary/index.js';
import { refuse } from '../../platform/errors.js';
import { INTERFACE_MENU } from './menus.js';
import { m } from './messages.js';
import { creatorNames } from './names.js';
import {
  BDV_EXTENSION,
  BDV_FORMAT,
  BDV_VERSION,
  bdvDocument,
  copyVariate,
  createVariate,
  deleteVariate,
  importVariate,
  listVariates,
  updateVariate,
  variateBody,
  variateById,
  variateDocument,
  variateInfo,
  variateSelector,
} from './variates.js';

const BASE = '/api/system/DataInterfaceVariate';
const read = { module: INTERFACE_MENU };
const withButton = (button: 'btn_add' | 'btn_edit' | 'btn_remove' | 'btn_copy' | 'btn_export' | 'btn_import') => ({
  module: INTERFACE_MENU,
  button,
});

export const variateRoutes = [
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Interfaces with their variables (bare array tree)',
    async handler({ app }) {
      return ok(await variateSelector(app.db));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: read,
    summary: "An interface's variables ({id} = the interface; keyword)",
    params: idParams,
    query: z.object({ keyword: z.string().trim().max(200).default('') }),
    async handler({ app, params, query }) {
      const rows = await listVariates(app.db, params.id, query.keyword);
      const names = await creatorNames(
        app.db,
        rows.map((r) => r.creatorUserId),
      );
      return ok({
        list: rows.map((v) => ({
          id: v.id,
          interfaceId: v.interfaceId,
          fullName: v.fullName,
          value: v.value ?? '',
          creatorTime: v.creatorTime,
          lastModifyTime: v.lastModifyTime,
          creatorUser: names.get(v.creatorUserId ?? '') ?? '',
        })),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id/Info`,
    permission: read,
    summary: 'One variable',
    params: idParams,
    async handler({ app, params }) {
      const v = await variateById(app.db, params.id);
      if (!v) throw refuse('notFound');
      return ok(variateInfo(v));
    },
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: withButton('btn_add'),
    summary: 'Create a variable (name unique, without "@")',
    body: variateBody,
    async handler({ app, req, body }) {
      return ok(await createVariate(app, actorOf(req), body), 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id`,
    permission: withButton('btn_edit'),
    summary: 'Update a variable',
    params: idParams,
    body: variateBody,
    async handler({ app, req, params, body }) {
      await updateVariate(app, actorOf(req), params.id, body);
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id`,
    permission: withButton('btn_remove'),
    summary: 'Delete a variable',
    params: idParams,
    async handler({ app, req, params }) {
      await deleteVariate(app, actorOf(req), params.id);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    permission: withButton('btn_copy'),
    summary: 'Copy a variable as "<name>.副本xxxxx"',
    params: idParams,
    async handler({ app, req, params }) {
      return ok(await copyVariate(app, actorOf(req), params.id), 'copied');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id/Actions/Export`,
    permission: withButton('btn_export'),
    summary: 'Export a variable as a .bdv file; answers {name, url}',
    params: idParams,
    async handler({ app, params, principal }) {
      const v = await variateById(app.db, params.id);
      if (!v) throw refuse('notFound');
      const doc = await variateDocument(app.db, v);
      return ok(
        await offerDownload(
          app,
          principal.userId,
          `${safeFileName(v.fullName)}${BDV_EXTENSION}`,
          JSON.stringify(doc, null, 2),
        ),
      );
    },
  }),
  importRoute({
    url: `${BASE}/Actions/Import`,
    permission: withButton('btn_import'),
    summary: 'Import a .bdv file (multipart: file, type 0 skip / 1 append a copy)',
    maxBytes: 256 * 1024,
    size: '256KB',
    parse: (fileName, bytes, lang) =>
      readExchangeFile(fileName, bytes, lang, {
        extension: BDV_EXTENSION,
        maxBytes: 256 * 1024,
        sizeText: '256KB',
        format: BDV_FORMAT,
        version: BDV_VERSION,
        wrongFormat: m.importWrongFormat,
        schema: bdvDocument,
      }),
    write: (tx, actor, doc, mode) => importVariate(tx, actor, doc, mode),
    message: (result) => (result.snum ? dm.imported : m.variateExists),
  }),
];
