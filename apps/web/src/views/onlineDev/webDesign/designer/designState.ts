// The designer's working copy and its changes, pure: basic settings, formData and columnData, and the
// selected item. Every field change keeps columnData consistent with the fields (listModel.syncColumnData).
import {
  parseDesignJson,
  type ColumnDataJson,
  type FieldConfig,
  type FormDataJson,
  type OnlineFieldKey,
} from '@jnpf/core';
import type { BaseInfo, DesignBody, DesignInfo } from '../api';
import { columnFromField, listFields, normalizeColumnData, syncColumnData, type ButtonTexts } from './listModel';
import {
  changeField,
  copyField,
  createField,
  findField,
  FIRST_ID_GLOBAL,
  insertField,
  maxFormId,
  moveBefore,
  moveInto,
  moveStep,
  removeField,
  slotForNew,
  withTidySubTables,
  type Direction,
  type NewFieldTexts,
  type Slot,
} from './model';
import { withNormalizedPatterns } from './validate';

export interface Draft {
  base: BaseInfo;
  formData: FormDataJson;
  columnData: ColumnDataJson;
}

export interface DesignerState {
  draft: Draft;
  selected: number | null;
}

/** formData of a new design with the designer's defaults; the button texts are in the designer's language */
export function defaultFormData(texts: { confirm: string; cancel: string; confirmAndAdd: string }): FormDataJson {
  return {
    formRef: 'formRef',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    formRules: 'rules',
    gutter: 15,
    disabled: false,
    span: 24,
    popupType: 'general',
    generalWidth: '600px',
    fullScreenWidth: '100%',
    drawerWidth: '600px',
    hasCancelBtn: true,
    cancelButtonText: texts.cancel,
    hasConfirmBtn: true,
    confirmButtonText: texts.confirm,
    hasConfirmAndAddBtn: false,
    confirmAndAddText: texts.confirmAndAdd,
    primaryKeyPolicy: 1,
    idGlobal: FIRST_ID_GLOBAL,
    fields: [],
  };
}

export interface DraftTexts {
  form: { confirm: string; cancel: string; confirmAndAdd: string };
  buttons: ButtonTexts;
}

/** the working copy of a stored design (JSON strings parsed, what they lack filled with defaults) */
export function draftFromInfo(info: DesignInfo, texts: DraftTexts): Draft {
  const stored = parseDesignJson<Partial<FormDataJson>>(info.formData);
  const base = defaultFormData(texts.form);
  const fields = Array.isArray(stored?.fields) ? stored.fields : [];
  const formData: FormDataJson = {
    ...base,
    ...stored,
    fields,
    idGlobal: Math.max(Number(stored?.idGlobal) || FIRST_ID_GLOBAL, maxFormId(fields)),
  };
  const columns = normalizeColumnData(parseDesignJson<Partial<ColumnDataJson>>(info.columnData), fields, texts.buttons);
  return {
    base: {
      fullName: info.fullName ?? '',
      enCode: info.enCode ?? '',
      category: info.category ?? '',
      webType: Number(info.webType) === 2 ? 2 : 1,
      sortCode: Number(info.sortCode) || 0,
      description: info.description ?? '',
    },
    formData,
    columnData: syncColumnData(columns, fields),
  };
}

/** the working copy of a design not saved yet */
export function newDraft(base: BaseInfo, texts: DraftTexts): Draft {
  return {
    base,
    formData: defaultFormData(texts.form),
    columnData: normalizeColumnData(null, [], texts.buttons),
  };
}

/** the body PUT and POST send: formData and columnData as JSON strings, columnData consistent with the form */
export function designBody(draft: Draft): DesignBody {
  const fields = withTidySubTables(withNormalizedPatterns(draft.formData.fields));
  const formData: FormDataJson = {
    ...draft.formData,
    fields,
    idGlobal: Math.max(draft.formData.idGlobal ?? FIRST_ID_GLOBAL, maxFormId(fields)),
  };
  return {
    fullName: draft.base.fullName.trim(),
    enCode: draft.base.enCode.trim(),
    type: 1,
    webType: draft.base.webType,
    category: draft.base.category ?? '',
    description: draft.base.description ?? '',
    sortCode: draft.base.sortCode ?? 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(syncColumnData(draft.columnData, fields)),
  };
}

export type DesignerAction =
  | { type: 'reset'; draft: Draft }
  | { type: 'select'; formId: number | null }
  | { type: 'add'; key: OnlineFieldKey; texts: NewFieldTexts; slot?: Slot }
  | { type: 'update'; formId: number; change: (field: FieldConfig) => FieldConfig }
  | { type: 'remove'; formId: number }
  | { type: 'copy'; formId: number }
  | { type: 'step'; formId: number; direction: Direction }
  | { type: 'moveBefore'; formId: number; targetId: number }
  | { type: 'moveInto'; formId: number; containerId: number | null }
  | { type: 'form'; patch: Partial<FormDataJson> }
  | { type: 'columns'; columnData: ColumnDataJson }
  | { type: 'base'; patch: Partial<BaseInfo> };

function withFields(state: DesignerState, fields: FieldConfig[], extra: Partial<FormDataJson> = {}): Draft {
  const { draft } = state;
  return {
    ...draft,
    formData: { ...draft.formData, ...extra, fields },
    columnData: syncColumnData(draft.columnData, fields),
  };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const { draft } = state;
  const fields = draft.formData.fields;
  switch (action.type) {
    case 'reset':
      return { draft: action.draft, selected: null };
    case 'select':
      return { ...state, selected: action.formId };
    case 'add': {
      const idGlobal = Math.max(draft.formData.idGlobal ?? FIRST_ID_GLOBAL, maxFormId(fields)) + 1;
      const field = createField(action.key, idGlobal, action.texts);
      const slot = action.slot ?? slotForNew(fields, state.selected, action.key);
      const inserted = insertField(fields, field, slot);
      // refused where it was put (a sub-table takes only its column keys): nothing changes
      if (!findField(inserted, idGlobal)) return state;
      // a container's parts take the ids after its own
      const next = withFields(state, inserted, { idGlobal: Math.max(idGlobal, maxFormId([field])) });
      // a new value field is listed by default (not a sub-table, nor a column inside one); the list design can
      // take it out again
      if (listFields(inserted).some((f) => f.__config__.formId === idGlobal))
        next.columnData = { ...next.columnData, columnList: [...next.columnData.columnList, columnFromField(field)] };
      return { draft: next, selected: idGlobal };
    }
    case 'update':
      return { ...state, draft: withFields(state, changeField(fields, action.formId, action.change)) };
    case 'remove': {
      const rest = removeField(fields, action.formId);
      const selected = state.selected !== null && findField(rest, state.selected) ? state.selected : null;
      return { draft: withFields(state, rest), selected };
    }
    case 'copy': {
      const idGlobal = Math.max(draft.formData.idGlobal ?? FIRST_ID_GLOBAL, maxFormId(fields));
      const copied = copyField(fields, action.formId, idGlobal);
      return {
        draft: withFields(state, copied.fields, { idGlobal: copied.idGlobal }),
        selected: copied.copyId ?? state.selected,
      };
    }
    case 'step':
      return { ...state, draft: withFields(state, moveStep(fields, action.formId, action.direction)) };
    case 'moveBefore':
      return { ...state, draft: withFields(state, moveBefore(fields, action.formId, action.targetId)) };
    case 'moveInto':
      return { ...state, draft: withFields(state, moveInto(fields, action.formId, action.containerId)) };
    case 'form':
      return { ...state, draft: { ...draft, formData: { ...draft.formData, ...action.patch, fields } } };
    case 'columns':
      return { ...state, draft: { ...draft, columnData: syncColumnData(action.columnData, fields) } };
    case 'base':
      return { ...state, draft: { ...draft, base: { ...draft.base, ...action.patch } } };
  }
}
