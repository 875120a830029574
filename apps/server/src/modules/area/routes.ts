// /api/system/Area: administrative areas (province, city, district …). The screen's calls
// need the menu system.area; the pickers and the id-to-name call serve forms, so any signed-in user may call them.
import { BUILT_IN_MENUS, type ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import { ok } from '../../platform/result.js';
import { createRoute, recordWriteRoutes } from '../../platform/recordRoutes.js';
import { route, type Permission } from '../../platform/route.js';
import {
  areaBody,
  areaInfo,
  createArea,
  deleteArea,
  listChildren,
  namesOfPaths,
  selectorChildren,
  selectorNew,
  toggleArea,
  updateArea,
} from './service.js';

const BASE = '/api/system/Area';
const menu = BUILT_IN_MENUS.area.enCode;
const can = (button?: ButtonCode): Permission => (button ? { module: menu, button } : { module: menu });
const areaId = z.string().trim().min(1).max(50);
/** an id path: the ids from the top down; a single id is taken as a path of one */
const idPath = z.union([z.array(areaId).max(10), areaId.transform((id) => [id])]);

export const areaRoutes = [
  route({
    method: 'POST',
    url: `${BASE}/GetAreaByIds`,
    permission: 'signedIn',
    summary:
      'Id paths to name paths: {idsList: [[id, …], …]} → [[name, …], …] in the same order; unknown ids are left out',
    body: z.object({ idsList: z.array(idPath).max(500).default([]) }),
    async handler({ app, body }) {
      return ok(await namesOfPaths(app, body.idsList));
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/SelectorNew`,
    permission: 'signedIn',
    summary: 'Enabled sub-areas of pid, only those named in ids when given: {list: [{id, fullName, isLeaf}]}',
    body: z.object({ pid: areaId.default('-1'), ids: z.array(idPath).max(500).default([]) }),
    async handler({ app, body }) {
      return ok({ list: await selectorNew(app, body.pid, body.ids) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id/Selector/:ids`,
    permission: 'signedIn',
    summary: 'Picker: enabled sub-areas of id ("-1" the top) without the area ids ("0" none) and what is below it',
    params: z.object({ id: areaId, ids: areaId }),
    async handler({ app, params }) {
      return ok({ list: await selectorChildren(app, params.id, params.ids) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id/Info`,
    permission: can(),
    summary:
      'One area: {id, fullName, enCode, enabledMark, description, type, parentId, parentName, sortCode, version}',
    params: z.object({ id: areaId }),
    async handler({ app, params }) {
      return ok(await areaInfo(app, params.id));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:nodeId`,
    permission: can(),
    summary:
      'The direct sub-areas of nodeId ("-1" the top); with a keyword, the areas below nodeId whose name or code contains it (at most 500)',
    params: z.object({ nodeId: areaId }),
    query: z.object({ keyword: z.string().trim().max(50).default('') }),
    async handler({ app, params, query }) {
      return ok({ list: await listChildren(app, params.nodeId, query.keyword) });
    },
  }),
  createRoute({
    base: BASE,
    permission: can('btn_add'),
    summary: 'Create an area under parentId ("-1" the top); its level follows the parent; the code is unique',
    body: areaBody,
    create: createArea,
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: can,
    params: z.object({ id: areaId }),
    body: areaBody.extend({ version: z.coerce.number().int().min(0).nullish() }),
    summaries: {
      update: 'Update an area (moving it moves its sub-areas along); a stale version is refused',
      remove: 'Delete an area; refused while it has sub-areas',
      state: 'Enable or disable an area (no body): 1 becomes 0, anything else 1',
    },
    update: updateArea,
    remove: deleteArea,
    toggle: toggleArea,
  }),
];
