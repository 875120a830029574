// /api/system/Signature: electronic seals. The screen's calls
// need the menu system.signature; the selector and ListByIds serve forms, so any signed-in user may call them.
import { BUILT_IN_MENUS, type ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import { createRoute, removeRoute, updateRoute } from '../../platform/recordRoutes.js';
import { ok } from '../../platform/result.js';
import { route, type Permission } from '../../platform/route.js';
import {
  createSignature,
  deleteSignature,
  listByIds,
  listSignatures,
  selector,
  signatureBody,
  signatureInfo,
  signatureListQuery,
  updateSignature,
} from './service.js';

const BASE = '/api/system/Signature';
const menu = BUILT_IN_MENUS.signature.enCode;
const can = (button?: ButtonCode): Permission => (button ? { module: menu, button } : { module: menu });
const idParam = z.object({ id: z.string().min(1).max(50) });

export const signatureRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: can(),
    summary: 'Seals, paged; keyword matches name or code, userId keeps the seals that user may use',
    query: signatureListQuery,
    async handler({ app, query }) {
      return ok(await listSignatures(app, query));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary: 'Every enabled seal for pickers: {list: [{id, fullName, enCode, icon}]}',
    async handler({ app }) {
      return ok({ list: await selector(app) });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/ListByIds`,
    permission: 'signedIn',
    summary: 'Of the seals asked for, those the caller may use: {list: [{id, fullName, enCode, icon}]}',
    body: z.object({ ids: z.array(z.string().max(50)).max(500).default([]) }),
    async handler({ app, principal, body }) {
      return ok({ list: await listByIds(app, principal.userId, body.ids) });
    },
  }),
  createRoute({
    base: BASE,
    permission: can('btn_add'),
    summary: 'Create a seal: fullName and enCode unique, the authorised users, the image (data URL or file path)',
    body: signatureBody,
    create: createSignature,
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: can(),
    summary: 'One seal: {id, fullName, enCode, userIds[], icon, sortCode, description, version}',
    params: idParam,
    async handler({ app, params }) {
      return ok(await signatureInfo(app, params.id));
    },
  }),
  updateRoute({
    base: BASE,
    permission: can('btn_edit'),
    summary: 'Update a seal; a stale version is refused',
    params: idParam,
    body: signatureBody.extend({ version: z.coerce.number().int().min(0).nullish() }),
    update: updateSignature,
  }),
  removeRoute({
    base: BASE,
    permission: can('btn_remove'),
    summary: 'Delete a seal and its authorisations',
    params: idParam,
    remove: deleteSignature,
  }),
];
