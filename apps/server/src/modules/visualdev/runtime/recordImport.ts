// Records of a released online form from a sheet, through the platform's import framework. The sheet's columns
// are the fields the caller may fill that a cell can hold (not files, rich text or areas), then each sub-table's
// such columns under its title (a two-row header; a record spans a row per sub-table row, its main cells on its
// first row). Files cannot come from a sheet: upload fields are left out, and a form with a required upload field
// the caller fills cannot be imported at all — its template and every call refuse, naming the field, rather than
// let each record fail. File ids or addresses in a cell are not taken:
// they would let an importer attach stored files without having uploaded them through the form. A cell's
// text becomes the field's value the way a person reads it (an option's label, a switch's text, a date, a user's
// "name/account", an organisation's path), and each row is then checked exactly as a form save checks it
// (newRecordValues, the function a form save uses). Good rows are saved in batches of 500, one transaction and one
// insert each (insertRecords: unique values checked against the stored records and the rows before them, under
// the model's lock, as a save checks them), their numbers taken at once per rule.
import { inArray, or } from 'drizzle-orm';
import type { DirectoryPickerKey, FieldConfig, Language } from '@jnpf/core';
import {
  isDirectoryPickerKey,
  isRangeSlider,
  isSubTableKey,
  isUploadKey,
  parseSliderRangeText,
  subTableColumns,
} from '@jnpf/core';
import { z } from 'zod';
import { position, role, user, userGroup } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { idOrCodeText } from '../../../platform/fields.js';
import { defineMessages, t } from '../../../platform/i18n.js';
import { newId } from '../../../platform/ids.js';
import { actorOf } from '../../../platform/request.js';
import {
  ERRORS_KEY,
  failureText,
  importRoutes,
  inSheetOrder,
  inBatches,
  ROW_NUM_KEY,
  templateDownload,
  type FailedRow,
  type ImportRow,
  type ImportSheet,
  type RowDetails,
} from '../../../platform/sheetImport.js';
import { parseDate, type SheetColumn, type SheetGroup, type SheetRow } from '../../../platform/sheets.js';
import { organizeIndex } from '../../organize/index.js';
import { issueText, labelOf } from '../issues.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';
import { ONLINE_FORM_MENU_TYPE, runtimeAccess } from './access.js';
import { formView } from './formAccess.js';
import { inputFieldsOf, runtimeModel, type Model } from './model.js';
import { loadOptions, type OptionList, type OptionLists } from './options.js';
import { insertRecords, newRecordValues, takeNumbersFor } from './records.js';
import { recordsChanged } from './totals.js';
import { isMultiple, serverWidgetOf, switchValues, type ImportCell, type Values } from './values.js';

const IMPORT_BUTTON = 'btn_upload';
/** records per transaction */
const BATCH = 500;

const texts = defineMessages('visualdev.import', {
  required: { zh: '必填', zhtw: '必填', en: 'Required' },
  options: { zh: '可选：{list}', zhtw: '可選：{list}', en: 'One of: {list}' },
  several: { zh: '多个以,分隔', zhtw: '多個以,分隔', en: 'several separated by ,' },
  switchText: { zh: '{on} 或 {off}', zhtw: '{on} 或 {off}', en: '{on} or {off}' },
  date: {
    zh: '日期，如：2024-05-01 或 2024-05-01 08:30',
    zhtw: '日期，如：2024-05-01 或 2024-05-01 08:30',
    en: 'A date such as 2024-05-01 or 2024-05-01 08:30',
  },
  time: { zh: '时间，如：08:30:00', zhtw: '時間，如：08:30:00', en: 'A time such as 08:30:00' },
  number: { zh: '数字', zhtw: '數字', en: 'A number' },
  numberRange: {
    zh: '数字范围：起始值-结束值，如：10-40',
    zhtw: '數字範圍：起始值-結束值，如：10-40',
    en: 'A number range: start-end, such as 10-40',
  },
  user: { zh: '用户：姓名/账号 或 账号', zhtw: '用戶：姓名/賬號 或 賬號', en: 'A user: name/account, or the account' },
  organize: {
    zh: '组织路径，如：集团/公司/部门（名称唯一时可只写名称）',
    zhtw: '組織路徑，如：集團/公司/部門（名稱唯一時可只寫名稱）',
    en: 'An organisation path such as Group/Company/Department (or the name alone when it is unique)',
  },
  named: { zh: '名称或编码', zhtw: '名稱或編碼', en: 'The name or the code' },
  cascade: {
    zh: '选项路径，如：一级/二级',
    zhtw: '選項路徑，如：一級/二級',
    en: 'An option path such as First/Second',
  },
  sheetRow: { zh: '表格第{row}行：{detail}', zhtw: '表格第{row}行：{detail}', en: 'Sheet row {row}: {detail}' },
  uploadRequired: {
    zh: '“{label}”是必填的上传字段，文件无法从表格导入，该功能不支持导入',
    zhtw: '“{label}”是必填的上傳字段，文件無法從表格導入，該功能不支持導入',
    en: '"{label}" is a required upload field and files cannot come from a sheet, so this form cannot be imported',
  },
});

const SEPARATORS = /\s*[,，]\s*/;
const split = (text: string) => text.split(SEPARATORS).filter(Boolean);
const OPTIONS_SHOWN = 50;

const modelParams = z.object({ modelId: idOrCodeText });

/**
 * The model and the fields a sheet of the caller can fill: through the menus with the import button (the import
 * calls), or any of the model's menus (`anyMenu`: OnlineDev/{id}/Template, the same template for any user of
 * the form). The design's template choice (uploaderTemplateJson.selectKey: fields, and sub-table columns as
 * "<table>-<column>") narrows them when it names any.
 */
async function importable(app: AppContext, principal: Principal, modelId: string, anyMenu = false) {
  const access = await runtimeAccess(app, principal, modelId);
  const model = await runtimeModel(app, modelId, access.designer);
  // a form-only function has no list to import into
  if (model.webType === 1 && !access.designer) throw refuse('noPermission');
  const view = formView(model, access.grantedForm(anyMenu ? {} : { button: IMPORT_BUTTON }));
  const chosen = (model.list as { uploaderTemplateJson?: { selectKey?: unknown } }).uploaderTemplateJson?.selectKey;
  const picked = Array.isArray(chosen) && chosen.length ? new Set(chosen.map(String)) : null;
  const fillable = inputFieldsOf(view.fields);
  const filled = fillable.filter(
    (f) =>
      !picked ||
      picked.has(f.__vModel__) ||
      (isSubTableKey(f.__config__.jnpfKey) && [...picked].some((k) => k.startsWith(`${f.__vModel__}-`))),
  );
  const isCell = (f: FieldConfig) => serverWidgetOf(f).importCell !== undefined;
  const required = (f: FieldConfig) => f.__config__.required === true && f.__config__.noShow !== true;
  // (a sub-table holds no upload columns: the design refuses them)
  const upload = fillable.find((f) => isUploadKey(f.__config__.jnpfKey) && required(f));
  if (upload) throw refuse(texts.uploadRequired, { label: labelOf(upload) });
  const fields = filled.filter(isCell);
  const tables = filled
    .filter((f) => isSubTableKey(f.__config__.jnpfKey))
    .map((table) => {
      const named = (c: FieldConfig) => picked?.has(`${table.__vModel__}-${c.__vModel__}`) ?? true;
      const some = subTableColumns(table).some(named);
      return { table, columns: subTableColumns(table).filter((c) => isCell(c) && (!some || named(c))) };
    })
    .filter((t) => t.columns.length);
  return { model, view, fields, tables };
}

/** the note a kind of cell gets in the template, beside its options and switch texts */
const CELL_NOTES: Partial<
  Record<ImportCell, 'date' | 'time' | 'number' | 'numberRange' | 'user' | 'organize' | 'named'>
> = {
  date: 'date',
  time: 'time',
  number: 'number',
  numberRange: 'numberRange',
  user: 'user',
  organize: 'organize',
  named: 'named',
};

/** how the template explains a field */
function noteOf(field: FieldConfig, options: OptionList | undefined, lang: Language): string {
  const parts: string[] = [];
  if (field.__config__.required === true) parts.push(t(lang, texts.required));
  const key = field.__config__.jnpfKey;
  const multiple = isMultiple(field) || (isDirectoryPickerKey(key) && field.multiple === true);
  const cell = serverWidgetOf(field).importCell;
  if (cell === 'cascade') parts.push(t(lang, texts.cascade));
  else if (options) {
    const labels = [...new Set(options.labels.values())];
    const list = labels.slice(0, OPTIONS_SHOWN).join('、') + (labels.length > OPTIONS_SHOWN ? '…' : '');
    parts.push(t(lang, texts.options, { list }));
  }
  if (cell === 'switch')
    parts.push(
      t(lang, texts.switchText, { on: String(field.activeTxt ?? '开'), off: String(field.inactiveTxt ?? '关') }),
    );
  const explained = cell && CELL_NOTES[cell];
  if (explained) parts.push(t(lang, texts[explained]));
  if (multiple) parts.push(t(lang, texts.several));
  return parts.join('；');
}

/** the value of an option label (or the value itself) */
function optionValue(list: OptionList | undefined, text: string): string {
  if (!list) return text;
  for (const [value, label] of list.labels) if (label === text) return value;
  return text;
}

/** a cascader path of labels ("A/B") as values, each under the one before */
function cascadeValues(list: OptionList | undefined, text: string): string[] {
  const out: string[] = [];
  for (const label of text.split('/').map((s) => s.trim())) {
    const parent = out.at(-1) ?? '';
    const hit = list ? [...list.labels].find(([v, l]) => l === label && list.parents.get(v) === parent) : undefined;
    out.push(hit ? hit[0] : label);
  }
  return out;
}

/** names → ids of the directory pickers a sheet's rows name; a name not found stays as it is (and is refused) */
async function directoryNames(app: AppContext, fields: readonly FieldConfig[], rows: readonly SheetRow[]) {
  const kinds = new Set(fields.map((f) => f.__config__.jnpfKey).filter(isDirectoryPickerKey));
  const byKind = new Map<DirectoryPickerKey, Map<string, string>>();
  const texts = (kind: string) =>
    [
      ...new Set(
        fields
          .filter((f) => f.__config__.jnpfKey === kind)
          .flatMap((f) => rows.flatMap((r) => split(r[f.__vModel__] ?? ''))),
      ),
    ].slice(0, 5000);
  if (kinds.has('userSelect')) {
    const accounts = texts('userSelect').map((text) => text.split('/').at(-1)!.trim());
    const found = accounts.length
      ? await app.db
          .select({ id: user.id, account: user.account, realName: user.realName })
          .from(user)
          .where(inArray(user.account, accounts))
      : [];
    const names = new Map<string, string>();
    for (const u of found) {
      names.set(u.account, u.id);
      names.set(`${u.realName}/${u.account}`, u.id);
    }
    byKind.set('userSelect', names);
  }
  if (kinds.has('organizeSelect') || kinds.has('depSelect')) {
    const index = await organizeIndex(app);
    const names = new Map<string, string>();
    const counted = new Map<string, number>();
    for (const node of index.ordered) counted.set(node.fullName, (counted.get(node.fullName) ?? 0) + 1);
    for (const node of index.ordered) {
      names.set(index.pathName(node.id), node.id);
      if (counted.get(node.fullName) === 1) names.set(node.fullName, node.id);
    }
    byKind.set('organizeSelect', names);
    byKind.set('depSelect', names);
  }
  const tables = { posSelect: position, roleSelect: role, groupSelect: userGroup } as const;
  for (const [kind, table] of Object.entries(tables) as [keyof typeof tables, (typeof tables)[keyof typeof tables]][]) {
    if (!kinds.has(kind)) continue;
    const wanted = texts(kind);
    const found = wanted.length
      ? await app.db
          .select({ id: table.id, fullName: table.fullName, enCode: table.enCode })
          .from(table)
          .where(or(inArray(table.fullName, wanted), inArray(table.enCode, wanted)))
      : [];
    const names = new Map<string, string>();
    for (const r of found) {
      names.set(r.enCode, r.id);
      if (!names.has(r.fullName)) names.set(r.fullName, r.id);
    }
    byKind.set(kind, names);
  }
  return byKind;
}

/** a row's texts as the input a form would send */
function rowInput(
  fields: readonly FieldConfig[],
  row: SheetRow,
  options: OptionLists,
  names: Map<DirectoryPickerKey, Map<string, string>>,
): Values {
  const input: Values = {};
  for (const field of fields) {
    const key = field.__vModel__;
    const text = (row[key] ?? '').trim();
    if (!text) continue;
    const kind = field.__config__.jnpfKey;
    const list = options.get(key);
    if (isDirectoryPickerKey(kind)) {
      const ids = split(text).map(
        (name) => names.get(kind)?.get(name) ?? names.get(kind)?.get(name.split('/').at(-1)!) ?? name,
      );
      input[key] = field.multiple === true ? ids : ids[0];
      continue;
    }
    switch (kind) {
      case 'radio':
      case 'select':
      case 'checkbox':
      case 'treeSelect':
        input[key] = isMultiple(field) ? split(text).map((v) => optionValue(list, v)) : optionValue(list, text);
        break;
      case 'cascader':
        input[key] =
          field.multiple === true
            ? text.split(/\s*[;；]\s*/).map((path) => cascadeValues(list, path))
            : cascadeValues(list, text);
        break;
      case 'switch': {
        const { active, inactive } = switchValues(field);
        input[key] =
          text === String(field.activeTxt ?? '') ? active : text === String(field.inactiveTxt ?? '') ? inactive : text;
        break;
      }
      case 'slider':
        // a range slider's "low-high"; text that is not two numbers is left for the save to refuse by the label
        input[key] = isRangeSlider(field) ? (parseSliderRangeText(text) ?? text) : text;
        break;
      case 'datePicker': {
        const ms = /^-?\d{10,}$/.test(text) ? Number(text) : parseDate(text);
        input[key] = Number.isNaN(ms) ? text : ms;
        break;
      }
      default:
        input[key] = text;
    }
  }
  return input;
}

async function importRecords(
  app: AppContext,
  principal: Principal,
  actor: ReturnType<typeof actorOf>,
  model: Model,
  opened: Awaited<ReturnType<typeof importable>>,
  rows: SheetRow[],
  details: RowDetails[],
  lang: Language,
) {
  const options = await loadOptions(app, model.fields);
  const columns = opened.tables.flatMap((t) => t.columns);
  const names = await directoryNames(
    app,
    [...opened.fields, ...columns],
    [...rows, ...details.flatMap((d) => Object.values(d).flat())],
  );
  const failed: FailedRow[] = [];
  const ready: { index: number; row: ImportRow; input: { data: Values; changed: Set<string> } }[] = [];
  // a failed record: with its sub-tables' rows, its reasons naming the sheet row it starts on (when known)
  const failure = (index: number, reasons: string): FailedRow => {
    const { [ROW_NUM_KEY]: at, ...row } = rows[index]!;
    return {
      index,
      row: {
        ...row,
        ...details[index],
        ...(at ? { [ROW_NUM_KEY]: at } : {}),
        [ERRORS_KEY]: at ? t(lang, texts.sheetRow, { row: at, detail: reasons }) : reasons,
      },
    };
  };
  for (const [index, row] of rows.entries()) {
    try {
      const input = rowInput(opened.fields, row, options, names);
      for (const { table, columns: cells } of opened.tables) {
        const tableRows = details[index]?.[table.__vModel__];
        if (tableRows?.length) input[table.__vModel__] = tableRows.map((r) => rowInput(cells, r, options, names));
      }
      ready.push({
        index,
        row,
        input: await newRecordValues(app, principal, model, input, lang, opened.view, options),
      });
    } catch (err) {
      failed.push(failure(index, failureText(err, lang)));
    }
  }
  // numbers only for rows known to be good, taken at once per rule, outside the batches' transactions
  await takeNumbersFor(
    app,
    model,
    ready.map((r) => r.input.data),
  );
  let snum = 0;
  await inBatches(ready, BATCH, async (batch) => {
    const records = batch.map((r) => ({ id: newId(), ...r.input, creatorUserId: principal.userId }));
    const refused = await app.db.transaction((tx) => insertRecords(tx, actor, model, records));
    batch.forEach((item, i) => {
      const issues = refused.get(i);
      if (issues)
        failed.push(
          failure(
            item.index,
            Object.values(issues)
              .map((issue) => issueText(issue, lang))
              .join('；'),
          ),
        );
    });
    snum += batch.length - refused.size;
  });
  if (snum) await recordsChanged(app, model.id);
  const failResult = inSheetOrder(failed);
  return {
    snum,
    fnum: failResult.length,
    resultType: failResult.length ? (1 as const) : (0 as const),
    failResult,
  };
}

/** the sheet of a form's records: the template's, the preview's and the import's columns */
async function recordSheet(
  app: AppContext,
  principal: Principal,
  modelId: string,
  lang: Language,
  anyMenu = false,
): Promise<ImportSheet> {
  const { model, fields, tables } = await importable(app, principal, modelId, anyMenu);
  const options = await loadOptions(app, [...fields, ...tables.map((t) => t.table)]);
  const column = (field: FieldConfig): SheetColumn => ({
    key: field.__vModel__,
    label: labelOf(field),
    width: 20,
    note: noteOf(field, options.get(field.__vModel__), lang),
  });
  const groups: SheetGroup[] = tables.map(({ table, columns }) => ({
    key: table.__vModel__,
    label: labelOf(table),
    columns: columns.map(column),
  }));
  return { name: model.fullName, columns: fields.map(column), groups, rowNumbers: true };
}

/**
 * The import template of a form for any user of it (OnlineDev/{id}/Template): TemplateDownload's very template,
 * built by the same calls, the form as the caller's menus of the model show it
 */
export async function recordTemplate(app: AppContext, principal: Principal, modelId: string, lang: Language) {
  const sheet = await recordSheet(app, principal, modelId, lang, true);
  if (!sheet.columns.length && !sheet.groups?.length) throw refuse(m.templateNoFields);
  return templateDownload(app, principal, sheet, lang);
}

export const recordImportRoutes = importRoutes({
  base: '/api/visualdev/OnlineDev/:modelId',
  params: modelParams,
  permission: {
    module: DESIGN_MENU,
    linkedMenu: { param: 'modelId', menuType: ONLINE_FORM_MENU_TYPE, button: IMPORT_BUTTON },
  },
  what: 'records of online form {modelId}',
  sheet: ({ app, principal, params, lang }) => recordSheet(app, principal, params.modelId, lang),
  async importRows({ app, req, principal, params, lang }, rows, _sheet, details) {
    const opened = await importable(app, principal, params.modelId);
    return importRecords(app, principal, actorOf(req), opened.model, opened, rows, details, lang);
  },
});
