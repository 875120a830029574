// /api/visualdev/Base: the function-design screen (在线开发 › 功能设计): the designs' list, info, create, update,
// delete and copy (release is in ../release). Reading needs the menu onlineDev.webDesign; create and copy its
// btn_add, update btn_edit, delete btn_remove.
import { BUTTON, type ButtonCode, type Language } from '@jnpf/core';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { idOrCodeText } from '../../../platform/fields.js';
import { linkedMenus } from '../../../platform/guard.js';
import { actorOf } from '../../../platform/request.js';
import { ok } from '../../../platform/result.js';
import { removeRoute } from '../../../platform/recordRoutes.js';
import { route } from '../../../platform/route.js';
import { infoRoute, typeByIdOrCode } from '../../dictionary/index.js';
import { checkDesign, type DesignDraft } from './designCheck.js';
import {
  copyDesign,
  createDesign,
  deleteDesign,
  designById,
  designInfo,
  listDesigns,
  updateDesign,
  type DesignInput,
} from './designs.js';
import { designBody, designListQuery, type DesignBody } from './fields.js';
import { throwIssues } from '../issues.js';
import { releasedChanged, releasedRow } from '../runtime/model.js';
import { recordsChanged } from '../runtime/totals.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';

export const DESIGN_BASE = '/api/visualdev/Base';
const BASE = DESIGN_BASE;
const read = { module: DESIGN_MENU };
export const withButton = (button: ButtonCode) => ({ module: DESIGN_MENU, button });
export const idParams = z.object({ id: idOrCodeText });

/** refuses (401, problems by JSON path) a design that does not hold together */
export async function assertDesignHolds(app: AppContext, draft: DesignDraft, lang: Language): Promise<void> {
  const issues = await checkDesign(draft, {
    dictionaryExists: async (idOrCode) => !!(await typeByIdOrCode(app.db, idOrCode)),
    formReleased: async (id) => !!(await releasedRow(app.db, id)),
  });
  throwIssues(issues, lang);
}

async function checkedInput(app: AppContext, body: DesignBody, lang: Language): Promise<DesignInput> {
  const { version: _version, ...input } = body;
  await assertDesignHolds(app, input, lang);
  return input;
}

export const designRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary:
      'Paged designs: keyword (name or code), category (webDesign dictionary item), type (1), webType; users as names, times in ms',
    query: designListQuery,
    async handler({ app, query }) {
      const cat = await app.catalogue.get();
      const webMenuDesigns = (ids: string[]) =>
        new Set(ids.filter((id) => linkedMenus(cat, id).some((menu) => menu.category === 'Web')));
      return ok(await listDesigns(app.db, query, webMenuDesigns));
    },
  }),
  infoRoute({
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One design with its formData and columnData (JSON strings)',
    params: idParams,
    find: designById,
    answer: designInfo,
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: withButton(BUTTON.add),
    summary: 'Create a design (not released); data = the new id. Problems of formData/columnData by JSON path (401)',
    body: designBody,
    async handler({ app, req, body, lang }) {
      const input = await checkedInput(app, body, lang);
      const id = await app.db.transaction((tx) => createDesign(tx, actorOf(req), input));
      return ok(id, 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id`,
    permission: withButton(BUTTON.edit),
    summary: 'Update a design (optional version); a released design becomes "changed since release" (state 2)',
    params: idParams,
    body: designBody,
    async handler({ app, req, params, body, lang }) {
      const input = await checkedInput(app, body, lang);
      await app.db.transaction((tx) => updateDesign(tx, actorOf(req), params.id, input, body.version));
      return ok(undefined, m.updated);
    },
  }),
  removeRoute({
    base: BASE,
    permission: withButton(BUTTON.remove),
    summary: 'Delete a design with its released copy and records; refused while a menu points at it',
    params: idParams,
    remove: async (app, actor, id) => {
      await app.db.transaction((tx) => deleteDesign(tx, actor, id));
      await releasedChanged(app, id);
      await recordsChanged(app, id);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    permission: withButton(BUTTON.add),
    summary: 'Copy a design: name + "副本", a new code, not released; data = the new id',
    params: idParams,
    async handler({ app, req, params }) {
      const id = await app.db.transaction((tx) => copyDesign(tx, actorOf(req), params.id));
      return ok(id, 'copied');
    },
  }),
];
