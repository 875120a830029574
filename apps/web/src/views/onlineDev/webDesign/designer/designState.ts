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

/** what undo and redo restore: the basic settings, the form and the list design */
export interface DesignSnapshot {
  base: BaseInfo;
  formData: FormDataJson;
  columnData: ColumnDataJson;
}

/** the steps undo and redo walk through, and what the last step was, to fold a run of typing into one */
export interface DesignHistory {
  past: DesignSnapshot[];
  future: DesignSnapshot[];
  /** the kind of the last change (a field's properties, some form properties, the list design, a basic setting) */
  lastKey: string | null;
  /** when it was made (ms, from the action) */
  lastAt: number;
  /** counts undos and redos: panels holding their own input state remount on it */
  revision: number;
}

export interface DesignerState {
  draft: Draft;
  selected: number | null;
  history: DesignHistory;
}

/** the most steps undo goes back */
export const UNDO_LIMIT = 100;
/** changes of one kind closer together than this (ms) are one step: typing a label is not one step per key */
export const UNDO_FOLD_MS = 1000;

export const emptyHistory = (): DesignHistory => ({ past: [], future: [], lastKey: null, lastAt: 0, revision: 0 });

/** a designer state with nothing to undo */
export const initialDesignerState = (draft: Draft): DesignerState => ({
  draft,
  selected: null,
  history: emptyHistory(),
});

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
  /** `at`: when (ms); edits of one field closer together than UNDO_FOLD_MS undo as one step */
  | { type: 'update'; formId: number; change: (field: FieldConfig) => FieldConfig; at?: number }
  | { type: 'remove'; formId: number }
  | { type: 'copy'; formId: number }
  | { type: 'step'; formId: number; direction: Direction }
  | { type: 'moveBefore'; formId: number; targetId: number }
  | { type: 'moveInto'; formId: number; containerId: number | null }
  | { type: 'form'; patch: Partial<FormDataJson>; at?: number }
  | { type: 'columns'; columnData: ColumnDataJson; at?: number }
  | { type: 'base'; patch: Partial<BaseInfo>; at?: number }
  | { type: 'undo' }
  | { type: 'redo' };

export const canUndo = (state: DesignerState) => state.history.past.length > 0;
export const canRedo = (state: DesignerState) => state.history.future.length > 0;

function withFields(state: DesignerState, fields: FieldConfig[], extra: Partial<FormDataJson> = {}): Draft {
  const { draft } = state;
  return {
    ...draft,
    formData: { ...draft.formData, ...extra, fields },
    columnData: syncColumnData(draft.columnData, fields),
  };
}

const snapshotOf = (draft: Draft): DesignSnapshot => ({
  base: draft.base,
  formData: draft.formData,
  columnData: draft.columnData,
});

/** whether the patch changes a basic setting */
const changesBase = (base: BaseInfo, patch: Partial<BaseInfo>) =>
  (Object.keys(patch) as (keyof BaseInfo)[]).some((key) => patch[key] !== base[key]);

/** the kind of change an action makes, for folding a run of them into one undo step (null: never folded) */
function foldKey(action: DesignerAction): string | null {
  switch (action.type) {
    case 'update':
      return `update:${action.formId}`;
    case 'form':
      return `form:${Object.keys(action.patch).sort().join(',')}`;
    case 'columns':
      return 'columns';
    case 'base':
      return `base:${Object.keys(action.patch).sort().join(',')}`;
    default:
      return null;
  }
}

/** undo or redo: the design, its basic settings included, moves one step back (or forward) */
function travel(state: DesignerState, back: boolean): DesignerState {
  const { history, draft } = state;
  const from = back ? history.past : history.future;
  const target = from[from.length - 1];
  if (!target) return state;
  const current = snapshotOf(draft);
  const selected = state.selected !== null && findField(target.formData.fields, state.selected) ? state.selected : null;
  return {
    draft: { base: target.base, formData: target.formData, columnData: target.columnData },
    selected,
    history: {
      past: back ? history.past.slice(0, -1) : [...history.past, current],
      future: back ? [...history.future, current] : history.future.slice(0, -1),
      lastKey: null,
      lastAt: 0,
      revision: history.revision + 1,
    },
  };
}

/**
 * the designer's changes, with undo and redo: every change of the basic settings, the form or the list design is
 * a step, except that changes of one kind (one field's properties, the same form properties, the list design, the
 * same basic setting) made less than UNDO_FOLD_MS apart fold into the step before
 */
export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  if (action.type === 'undo') return travel(state, true);
  if (action.type === 'redo') return travel(state, false);
  if (action.type === 'reset') return initialDesignerState(action.draft);
  const next = applyChange(state, action);
  const { draft, history } = state;
  if (
    next.draft.base === draft.base &&
    next.draft.formData === draft.formData &&
    next.draft.columnData === draft.columnData
  )
    return next;
  const key = foldKey(action);
  const at = 'at' in action && typeof action.at === 'number' ? action.at : 0;
  const folds = key !== null && key === history.lastKey && at > 0 && at - history.lastAt < UNDO_FOLD_MS;
  return {
    ...next,
    history: {
      past: folds ? history.past : [...history.past, snapshotOf(draft)].slice(-UNDO_LIMIT),
      future: [],
      lastKey: key,
      lastAt: at,
      revision: history.revision,
    },
  };
}

function applyChange(
  state: DesignerState,
  action: Exclude<DesignerAction, { type: 'undo' | 'redo' | 'reset' }>,
): DesignerState {
  const { draft } = state;
  const fields = draft.formData.fields;
  switch (action.type) {
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
      return { ...state, draft: next, selected: idGlobal };
    }
    case 'update':
      return { ...state, draft: withFields(state, changeField(fields, action.formId, action.change)) };
    case 'remove': {
      const rest = removeField(fields, action.formId);
      const selected = state.selected !== null && findField(rest, state.selected) ? state.selected : null;
      return { ...state, draft: withFields(state, rest), selected };
    }
    case 'copy': {
      const idGlobal = Math.max(draft.formData.idGlobal ?? FIRST_ID_GLOBAL, maxFormId(fields));
      const copied = copyField(fields, action.formId, idGlobal);
      return {
        ...state,
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
      // typing the same text again (or a form echo) is no step
      if (!changesBase(draft.base, action.patch)) return state;
      return { ...state, draft: { ...draft, base: { ...draft.base, ...action.patch } } };
  }
}
