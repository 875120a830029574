// Designs picked from other screens: Base/list (released designs, paged), Base/Selector (the category tree),
// Base/{id}/FormDataFields (the fields of a released design) need the design menu; Base/{id}/FieldDataSelect (the
// rows a relation-form picker offers) is for designers and for users of a form linking to the design
// (runtime/relationForm.ts decides, after sign-in).
import { z } from 'zod';
import { idOrCodeText } from '../../../platform/fields.js';
import { refuse } from '../../../platform/errors.js';
import { pageQuery } from '../../../platform/paging.js';
import { ok } from '../../../platform/result.js';
import { route } from '../../../platform/route.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';
import { runtimeAccess } from '../runtime/access.js';
import { parseModel, releasedRow, runtimeModel } from '../runtime/model.js';
import { listRecords, UNPAGED_MAX } from '../runtime/records.js';
import { pickableColumns, pickerModel } from '../runtime/relationForm.js';
import { DESIGN_BASE } from './designRoutes.js';
import { designSelector, formDataFields, listReleasedDesigns } from './picking.js';

const read = { module: DESIGN_MENU };
const idParams = z.object({ id: idOrCodeText });
/** "" and null count as not given */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** "1,2" or [1, 2]: a list of small numbers */
const numberList = z.preprocess(
  (v) => {
    const given = blank(v);
    if (given === undefined) return undefined;
    return (Array.isArray(given) ? given : String(given).split(',')).map((x) => String(x).trim()).filter(Boolean);
  },
  z.array(z.coerce.number().int().min(0).max(99)).max(20).optional(),
);
const typeParam = z.preprocess(blank, z.coerce.number().int().min(0).max(99).default(1));

const fieldDataQuery = pageQuery.extend({
  // a chooser without paging reads every record at once, as a popup's interface rows
  pageSize: z.coerce.number().int().min(1).max(UNPAGED_MAX).default(20),
  relationField: z.preprocess((v) => blank(v) ?? '', z.string().trim().max(64)),
  columnOptions: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : (blank(v) ?? []),
    z.array(z.string().max(64)).max(50),
  ),
});

export const pickingRoutes = [
  route({
    method: 'GET',
    url: `${DESIGN_BASE}/list`,
    permission: read,
    summary:
      'Released designs, paged: keyword (name or code), category, type (1), webType ("1,2"); rows {id, fullName, enCode, type, webType, enableFlow}',
    query: pageQuery.extend({
      category: z.preprocess(blank, z.string().trim().max(100).optional()),
      type: typeParam,
      webType: numberList,
    }),
    async handler({ app, query }) {
      return ok(await listReleasedDesigns(app.db, query));
    },
  }),
  route({
    method: 'GET',
    url: `${DESIGN_BASE}/Selector`,
    permission: read,
    summary:
      'Designs under their categories: {list: [{id, fullName, parentId "-1", hasChildren, children: [{id, fullName, enCode, webType, state}]}]}; type (1), webType and isRelease (states) as "1,2"',
    query: z.object({ type: typeParam, webType: numberList, isRelease: numberList }),
    async handler({ app, query }) {
      return ok({ list: await designSelector(app.db, query) });
    },
  }),
  route({
    method: 'GET',
    url: `${DESIGN_BASE}/:id/FormDataFields`,
    permission: read,
    summary:
      'The fields of a released design, for relation forms and print: {list: [{label, vmodel}]}; filterType=1 leaves out uploads, system fields, sub-tables and display-only widgets',
    params: idParams,
    query: z.object({ filterType: z.preprocess(blank, z.coerce.number().int().min(0).max(9).default(0)) }),
    async handler({ app, params, query }) {
      const row = await releasedRow(app.db, params.id);
      if (!row) throw refuse(m.notReleased);
      return ok({ list: formDataFields(parseModel(row).fields, query.filterType) });
    },
  }),
  route({
    method: 'GET',
    url: `${DESIGN_BASE}/:id/FieldDataSelect`,
    permission: 'signedIn',
    summary: `Rows of a released design for a relation-form picker: keyword (its text and number columns), currentPage, pageSize (up to ${UNPAGED_MAX}: a chooser without paging), relationField, columnOptions ("a,b"); {list: [{id, <prop>, <prop>_id}], pagination, columns: [{prop, label}]} (the labels of the columns read, for a chooser that names none). Designers, and users granted a menu whose form links to the design (only the columns its link shows)`,
    params: idParams,
    query: fieldDataQuery,
    async handler({ app, principal, params, query, lang }) {
      const { designer } = await runtimeAccess(app, principal, params.id);
      const allowed = await pickableColumns(app, principal, params.id, designer);
      const model = pickerModel(await runtimeModel(app, params.id, designer), query, allowed, designer);
      const request = { ...query, query: {}, sidx: '', dataType: '0' as const, masksInClear: designer };
      const page = await listRecords(app, model, request, null, lang);
      // (a link designed before its chooser kept columns heads them with these)
      return ok({ ...page, columns: model.columns.map(({ prop, label }) => ({ prop, label })) });
    },
  }),
];
