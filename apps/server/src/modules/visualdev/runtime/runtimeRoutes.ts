// /api/visualdev/OnlineDev: the pages of released designs: their definition, records, list and export.
// A caller needs a granted menu that points at the model ({modelId}) — with the call's button on it when that
// menu checks buttons (the released list's useBtnPermission) — or the design menu, whose holders try designs.
// Through those menus (access.ts) every call is held to the records the caller's data permissions reach (a
// record outside answers as a missing one) and, on a menu checking forms, to the form items granted.
import { isSubTableKey, subTableColumns, type ButtonCode, type FieldConfig, type Language } from '@jnpf/core';
import { z } from 'zod';
import type { AppContext, Principal } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { idOrCodeText } from '../../../platform/fields.js';
import { sendJsonText } from '../../../platform/keptAnswers.js';
import { actorOf } from '../../../platform/request.js';
import { ok } from '../../../platform/result.js';
import { route, type Permission } from '../../../platform/route.js';
import { ONLINE_FORM_MENU_TYPE, runtimeAccess, type Through } from './access.js';
import { dataBody, exportBody, idsBody, listBody } from './fields.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';
import { formView, visibleFormData, visibleValues, type FormView } from './formAccess.js';
import { designRow, parseModel, releasedRow, runtimeModel } from './model.js';
import {
  callerOf,
  createRecord,
  deleteRecords,
  displayContext,
  exportRecords,
  formPages,
  listRecordsText,
  listRequest,
  parseData,
  recordOf,
  updateRecord,
} from './records.js';
import { displayRecord } from './display.js';
import { withCurrentUser } from './listQuery.js';
import { isEmpty, isMaskedField, maskedValues, serverWidgetOf, withRowLists, type Values } from './values.js';
import { parentFieldOf } from './listKinds.js';
import { listTree } from './listTree.js';
import { recordTemplate } from './recordImport.js';
import { scopeColumns } from './scope.js';
import { recordsChanged } from './totals.js';

const RUN = '/api/visualdev/OnlineDev';
/** the model's menus (the button when they check buttons), or the design menu */
const onModel = (button?: ButtonCode): Permission => ({
  module: DESIGN_MENU,
  linkedMenu: { param: 'modelId', menuType: ONLINE_FORM_MENU_TYPE, ...(button ? { button } : {}) },
});
const modelParams = z.object({ modelId: idOrCodeText });
const recordParams = z.object({ modelId: idOrCodeText, id: idOrCodeText });

/**
 * The model the caller works with (through the menu named, for a call needing the button), the list columns
 * they may see (null = all), the part of the form they may use and the condition on the records they reach
 */
async function open(
  app: AppContext,
  principal: Principal,
  modelId: string,
  through: Through = {},
  use: 'records' | 'create' = 'records',
) {
  const access = await runtimeAccess(app, principal, modelId);
  const model = await runtimeModel(app, modelId, access.designer);
  // a form-only function (webType 1) has no list and checks no buttons: its users fill the form in, and only
  // designers reach the records stored through it
  if (model.webType === 1 && use === 'records' && !access.designer) throw refuse('noPermission');
  const visible =
    model.list.useColumnPermission === true && !access.designer ? access.grantedColumns(through.menuId) : null;
  const view: FormView = formView(model, access.grantedForm(through));
  return {
    model,
    visible,
    view,
    scope: () => access.recordScope(scopeColumns(model), through),
    // Masked fields are read in clear only by those who may edit the record (and so must see what they change):
    // through the menus granting btn_edit, on the records their data scope covers, in the form they grant.
    // A list or export searches and sorts them in clear only when every menu it is read through grants btn_edit
    // (its records and fields are then within those menus' reach); read also through a menu that does not (with
    // another data scope or form), it searches them as masked. A list's cells are always masked.
    readsClear: () => access.grantsThroughout(through, 'btn_edit'),
    /** the form whose masked fields the caller reads in clear on this record (null: none) */
    clearForm: async (id: string): Promise<FormView | null> => {
      if (!access.mayUse('btn_edit')) return null;
      const editable = await access.recordScope(scopeColumns(model), { button: 'btn_edit' });
      if (editable && !(await recordOf(app.db, model.id, id, editable))) return null;
      return formView(model, access.grantedForm({ button: 'btn_edit' }));
    },
  };
}

/** of these fields, those read masked when `clear` is the form read in clear (null: none of it) */
function readMasked(fields: readonly FieldConfig[], clear: FormView | null): readonly FieldConfig[] {
  if (!clear) return fields;
  if (!clear.restricted) return [];
  const inClear = new Set(clear.fields.map((f) => f.__vModel__));
  return fields.flatMap((field) => {
    if (!inClear.has(field.__vModel__)) return [field];
    const hidden = clear.hiddenColumns.get(field.__vModel__);
    if (!isSubTableKey(field.__config__.jnpfKey) || !hidden?.length) return [];
    // a sub-table's columns the editing form hides
    const children = (field.__config__.children ?? []).filter((c) => hidden.includes(c.__vModel__));
    return [{ ...field, __config__: { ...field.__config__, children } }];
  });
}

async function recordShown(
  app: AppContext,
  opened: Awaited<ReturnType<typeof open>>,
  id: string,
  lang: Language,
  principal: Principal,
) {
  const { model, view, scope } = opened;
  const row = await recordOf(app.db, model.id, id, await scope());
  if (!row) throw refuse('notFound');
  const ctx = await displayContext(app, model, [row], lang, undefined, undefined, callerOf(principal));
  const shown = displayRecord(view.fields, row.data, ctx, row.creatorUserId);
  // a related record's id beside its text, so that the detail can open it (and a form name it), and a place's
  // value beside its address, so that the detail can draw its point (not when masked): in a sub-table's rows
  // too, beside each such cell
  const besideText = (field: FieldConfig) =>
    serverWidgetOf(field).readsForm === true || (serverWidgetOf(field).valueInDetail === true && !isMaskedField(field));
  const withIds = (fields: readonly FieldConfig[], raw: Values, out: Values) => {
    for (const field of fields)
      if (besideText(field) && !isEmpty(raw[field.__vModel__])) out[`${field.__vModel__}_id`] = raw[field.__vModel__];
  };
  withIds(view.fields, row.data, shown);
  for (const table of view.fields) {
    const columns = isSubTableKey(table.__config__.jnpfKey) ? subTableColumns(table) : [];
    const rawRows = row.data[table.__vModel__];
    const shownRows = shown[table.__vModel__];
    if (!columns.some(besideText) || !Array.isArray(rawRows) || !Array.isArray(shownRows)) continue;
    rawRows.forEach((raw, index) => {
      const out = shownRows[index] as Values | undefined;
      if (raw && typeof raw === 'object' && out && typeof out === 'object') withIds(columns, raw as Values, out);
    });
  }
  return { id: row.id, data: JSON.stringify(shown) };
}

export const runtimeRoutes = [
  route({
    method: 'GET',
    url: `${RUN}/:modelId/Config`,
    permission: onModel(),
    summary:
      'The page definition: type=0 the draft (design menu only), otherwise the released copy; {id, fullName, enCode, webType, formData, columnData, enableFlow}',
    params: modelParams,
    query: z.object({ type: z.string().max(10).optional() }),
    async handler({ app, principal, params, query }) {
      let row;
      if (query.type === '0') {
        if (!(await runtimeAccess(app, principal, params.modelId)).designer) throw refuse('noPermission');
        row = await designRow(app.db, params.modelId);
        if (!row) throw refuse('notFound');
      } else {
        row = await releasedRow(app.db, params.modelId);
        if (!row) throw refuse(m.notReleased);
        // with form permission the page describes only the fields the caller may use
        const access = await runtimeAccess(app, principal, params.modelId);
        if (!access.designer)
          row = { ...row, formData: visibleFormData(row.formData, formView(parseModel(row), access.grantedForm())) };
      }
      return ok({
        id: row.id,
        fullName: row.fullName,
        enCode: row.enCode,
        webType: row.webType,
        formData: row.formData,
        columnData: row.columnData,
        enableFlow: 0,
      });
    },
  }),
  route({
    method: 'POST',
    url: `${RUN}/:modelId/List`,
    permission: onModel(),
    summary:
      'Paged records {id, <prop>: shown value, <prop>_id: raw value}: keyword, queryJson ({prop: value}), sidx (a column), sort, dataType 1 = all',
    params: modelParams,
    body: listBody,
    async handler({ app, principal, params, body, lang, reply }) {
      const mark = formPages(app).mark();
      const { model, visible, scope, readsClear } = await open(app, principal, params.modelId, {
        menuId: body.menuId,
      });
      const request = withCurrentUser({ ...listRequest(body, lang), masksInClear: readsClear() }, principal.userId);
      const where = await scope();
      return sendJsonText(
        reply,
        await listRecordsText(app, model, request, visible, lang, where, callerOf(principal), mark),
      );
    },
  }),
  route({
    method: 'POST',
    url: `${RUN}/:modelId/List/:key`,
    permission: onModel(),
    summary:
      'A tree table (list type 5): every child of record {key} the caller reaches, each with hasChildren; the list body (sort, sidx, menuId) as for List',
    params: z.object({ modelId: idOrCodeText, key: idOrCodeText }),
    body: listBody,
    async handler({ app, principal, params, body, lang, reply }) {
      // kept as the first level's pages are (same key, same drops): the request names the parent
      const mark = formPages(app).mark();
      const { model, visible, scope, readsClear } = await open(app, principal, params.modelId, {
        menuId: body.menuId,
      });
      if (!parentFieldOf(model)) throw refuse(m.notTreeTable);
      const where = await scope();
      const request = {
        ...listRequest(body, lang),
        keyword: '',
        query: {},
        parentId: params.key,
        masksInClear: readsClear(),
      };
      // the children of a record the caller cannot reach answer as those of a missing one
      const reached = async () => {
        if (!(await recordOf(app.db, model.id, params.key, where))) throw refuse('notFound');
      };
      return sendJsonText(
        reply,
        await listRecordsText(app, model, request, visible, lang, where, callerOf(principal), mark, reached),
      );
    },
  }),
  route({
    method: 'GET',
    url: `${RUN}/:modelId/TreeData`,
    permission: onModel(),
    summary:
      'The tree beside a left-tree list (type 2), from the source the design names: {list: [{id, fullName, children}]}',
    params: modelParams,
    async handler({ app, principal, params, lang }) {
      const { model } = await open(app, principal, params.modelId);
      return ok({ list: await listTree(app, principal, model, lang) });
    },
  }),
  route({
    method: 'POST',
    url: `${RUN}/batchDelete/:modelId`,
    permission: onModel('btn_batchRemove'),
    summary: 'Delete several records {ids}',
    params: modelParams,
    body: idsBody,
    async handler({ app, req, principal, params, body }) {
      const { model, scope } = await open(app, principal, params.modelId, { button: 'btn_batchRemove' });
      // ids outside the caller's records are not deleted (nor told apart from missing ones)
      const where = await scope();
      const removed = await app.db.transaction((tx) => deleteRecords(tx, actorOf(req), model.id, body.ids, where));
      await recordsChanged(app, model.id);
      if (!removed) throw refuse('deleteNotFound');
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'POST',
    url: `${RUN}/:modelId/Actions/ExportData`,
    permission: onModel('btn_download'),
    summary:
      'Export the list as .xlsx: the list body plus selectKey (column props, and sub-table columns as "<table>-<column>": the import template\'s layout, a row per sub-table row); dataType 1 = every record. Returns {name, url}',
    params: modelParams,
    body: exportBody,
    async handler({ app, principal, params, body, lang }) {
      const { model, visible, view, scope, readsClear } = await open(app, principal, params.modelId, {
        menuId: body.menuId,
        button: 'btn_download',
      });
      const request = { ...listRequest(body, lang), selectKey: body.selectKey, masksInClear: readsClear() };
      // sub-table columns ("<table>-<column>") of the sub-tables the caller's form shows
      const tables = view.fields.filter((f) => isSubTableKey(f.__config__.jnpfKey));
      return ok(await exportRecords(app, principal, model, request, visible, lang, await scope(), tables));
    },
  }),
  route({
    method: 'GET',
    url: `${RUN}/:modelId/Template`,
    // only labels the form shows its users anyway: any of the model's menus
    permission: onModel(),
    summary:
      "The import template of a released design as .xlsx, TemplateDownload's: a column per importable field (uploaderTemplateJson.selectKey, else every field a cell can fill), each sub-table's columns under its title in a second header row, a sheet explaining the columns; {name, url}",
    params: modelParams,
    async handler({ app, principal, params, lang }) {
      return ok(await recordTemplate(app, principal, params.modelId, lang));
    },
  }),
  route({
    method: 'GET',
    url: `${RUN}/:modelId/:id`,
    permission: onModel(),
    summary:
      'One record: {id, data: JSON string of its raw values (of the fields the caller may see; masked fields masked unless the caller may edit this record: through a menu granting btn_edit, within its data scope and form; each sub-table a list of rows, [] when it has none)}',
    params: recordParams,
    async handler({ app, principal, params }) {
      const { model, view, scope, clearForm } = await open(app, principal, params.modelId);
      const row = await recordOf(app.db, model.id, params.id, await scope());
      if (!row) throw refuse('notFound');
      const visible = withRowLists(view.fields, view.restricted ? visibleValues(view, row.data) : row.data);
      const data = maskedValues(readMasked(view.fields, await clearForm(row.id)), visible);
      return ok({ id: row.id, data: JSON.stringify(data) });
    },
  }),
  route({
    method: 'GET',
    url: `${RUN}/:modelId/:id/DataChange`,
    permission: onModel(),
    summary:
      'One record as shown: {id, data: JSON string of option labels, switch texts, formatted dates, names; each sub-table a list of its rows as shown, [] when it has none}',
    params: recordParams,
    async handler({ app, principal, params, lang }) {
      return ok(await recordShown(app, await open(app, principal, params.modelId), params.id, lang, principal));
    },
  }),
  route({
    method: 'POST',
    url: `${RUN}/:modelId`,
    permission: onModel('btn_add'),
    summary: 'Create a record from {data: JSON string}; data = the new id. Problems by __vModel__ (401)',
    params: modelParams,
    body: dataBody,
    async handler({ app, req, principal, params, body, lang }) {
      const { model, view } = await open(app, principal, params.modelId, { button: 'btn_add' }, 'create');
      const id = await createRecord(app, principal, actorOf(req), model, parseData(body.data, lang), lang, view);
      return ok(id, 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${RUN}/:modelId/:id`,
    permission: onModel('btn_edit'),
    summary: 'Update a record from {data: JSON string}: the fields given change, the others stay',
    params: recordParams,
    body: dataBody,
    async handler({ app, req, principal, params, body, lang }) {
      const { model, view, scope } = await open(app, principal, params.modelId, { button: 'btn_edit' });
      const input = parseData(body.data, lang);
      await updateRecord(app, principal, actorOf(req), model, params.id, input, lang, { view, scope: await scope() });
      return ok(undefined, m.updated);
    },
  }),
  route({
    method: 'DELETE',
    url: `${RUN}/:modelId/:id`,
    permission: onModel('btn_remove'),
    summary: 'Delete a record',
    params: recordParams,
    async handler({ app, req, principal, params }) {
      const { model, scope } = await open(app, principal, params.modelId, { button: 'btn_remove' });
      const where = await scope();
      const removed = await app.db.transaction((tx) => deleteRecords(tx, actorOf(req), model.id, [params.id], where));
      await recordsChanged(app, model.id);
      if (!removed) throw refuse('deleteNotFound');
      return ok(undefined, 'deleted');
    },
  }),
];
