import { parseDesignJson, type ColumnDataJson, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import type { DesignInfo } from '../api';
import {
  canRedo,
  canUndo,
  designBody,
  designerReducer,
  draftFromInfo,
  initialDesignerState,
  newDraft,
  UNDO_FOLD_MS,
  UNDO_LIMIT,
  type DesignerState,
  type DraftTexts,
} from './designState';
import { zhFieldTexts } from './testing';

const draftTexts: DraftTexts = {
  form: { confirm: '确定', cancel: '取消', confirmAndAdd: '确定并新增' },
  buttons: {
    add: '新增',
    download: '导出',
    upload: '导入',
    batchRemove: '批量删除',
    edit: '编辑',
    remove: '删除',
    detail: '详情',
  },
};
const fieldTexts = (label: string) => zhFieldTexts(label);
const base = { fullName: '客户', enCode: 'customer', category: '', webType: 2 as const, sortCode: 0, description: '' };

const start = (): DesignerState => initialDesignerState(newDraft(base, draftTexts));
const run = (state: DesignerState, ...actions: Parameters<typeof designerReducer>[1][]) =>
  actions.reduce(designerReducer, state);

describe('designerReducer', () => {
  it('adds fields with increasing ids, selects them and lists them in the list design', () => {
    const state = run(
      start(),
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
      { type: 'add', key: 'row', texts: fieldTexts('栅格') },
      { type: 'add', key: 'select', texts: fieldTexts('状态') },
    );
    expect(state.draft.formData.idGlobal).toBe(103);
    expect(state.selected).toBe(103);
    // the select went into the selected row
    expect(state.draft.formData.fields[1]!.__config__.children!.map((f) => f.__vModel__)).toEqual(['selectField103']);
    // new value fields are listed by default
    expect(state.draft.columnData.columnList.map((c) => c.prop)).toEqual(['inputField101', 'selectField103']);
  });

  it('removes a container with the selected field inside and its columns', () => {
    let state = run(
      start(),
      { type: 'add', key: 'row', texts: fieldTexts('栅格') },
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
    );
    expect(state.draft.columnData.columnList).toHaveLength(1);
    state = run(state, { type: 'remove', formId: 101 });
    expect(state.draft.formData.fields).toEqual([]);
    expect(state.selected).toBeNull();
    expect(state.draft.columnData.columnList).toEqual([]);
  });

  it('copies, steps and moves', () => {
    let state = run(start(), { type: 'add', key: 'input', texts: fieldTexts('名称') }, { type: 'copy', formId: 101 });
    expect(state.selected).toBe(102);
    expect(state.draft.formData.idGlobal).toBe(102);
    state = run(state, { type: 'step', formId: 102, direction: 'up' });
    expect(state.draft.formData.fields.map((f) => f.__config__.formId)).toEqual([102, 101]);
    state = run(
      state,
      { type: 'add', key: 'card', texts: fieldTexts('卡片') },
      { type: 'moveInto', formId: 102, containerId: 103 },
    );
    // the card went after the selected copy
    expect(state.draft.formData.fields.map((f) => f.__config__.formId)).toEqual([103, 101]);
    state = run(state, { type: 'moveBefore', formId: 101, targetId: 102 });
    expect(state.draft.formData.fields[0]!.__config__.children!.map((f) => f.__config__.formId)).toEqual([101, 102]);
  });

  it('adds a sub-table, unlisted, and only the keys a column may be inside it, also unlisted', () => {
    let state = run(
      start(),
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
      { type: 'add', key: 'table', texts: fieldTexts('设计子表') },
      { type: 'add', key: 'inputNumber', texts: fieldTexts('数量') },
    );
    const fields = () => state.draft.formData.fields;
    expect(fields()[1]!.__config__.children!.map((f) => f.__vModel__)).toEqual(['inputNumberField103']);
    expect(state.draft.columnData.columnList.map((c) => c.prop)).toEqual(['inputField101']);
    // with the table selected, a widget no column may be (a cascader) goes after it
    state = run(state, { type: 'select', formId: 102 }, { type: 'add', key: 'cascader', texts: fieldTexts('级联') });
    expect(fields().map((f) => f.__config__.formId)).toEqual([101, 102, 104]);
    expect(state.draft.columnData.columnList.map((c) => c.prop)).toEqual(['inputField101', 'cascaderField104']);
    // dropped into the table: refused, nothing changes
    const before = state;
    state = run(state, { type: 'add', key: 'row', texts: fieldTexts('栅格'), slot: { parentId: 102, index: 0 } });
    expect(state).toBe(before);
    // a listed field moved into the table leaves the list
    state = run(state, { type: 'moveInto', formId: 101, containerId: 102 });
    expect(state.draft.columnData.columnList.map((c) => c.prop)).toEqual(['cascaderField104']);
  });

  it('keeps the summed columns of a sub-table on a renamed column', () => {
    let state = run(
      start(),
      { type: 'add', key: 'table', texts: fieldTexts('设计子表') },
      { type: 'add', key: 'inputNumber', texts: fieldTexts('数量') },
      {
        type: 'update',
        formId: 101,
        change: (f) => ({
          ...f,
          __config__: { ...f.__config__, showSummary: true, summaryField: ['inputNumberField102'] },
        }),
      },
    );
    state = run(state, { type: 'update', formId: 102, change: (f) => ({ ...f, __vModel__: 'qty' }) });
    expect(state.draft.formData.fields[0]!.__config__.summaryField).toEqual(['qty']);
  });

  it('edits the form properties and the basic settings without touching the fields', () => {
    const state = run(
      start(),
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
      { type: 'form', patch: { labelWidth: 120, popupType: 'drawer' } },
      { type: 'base', patch: { fullName: '客户档案' } },
    );
    expect(state.draft.formData).toMatchObject({ labelWidth: 120, popupType: 'drawer' });
    expect(state.draft.formData.fields).toHaveLength(1);
    expect(state.draft.base.fullName).toBe('客户档案');
  });
});

describe('draft and body', () => {
  it('reads a stored design, filling what it lacks', () => {
    const info: DesignInfo = {
      id: 'd1',
      ...base,
      webType: '2' as unknown as 2,
      type: 1,
      state: 0,
      enabledMark: 1,
      formData: JSON.stringify({
        labelWidth: 80,
        fields: [{ __config__: { jnpfKey: 'input', label: 'a', formId: 130 }, __vModel__: 'a' }],
      }),
      columnData: '',
    };
    const draft = draftFromInfo(info, draftTexts);
    expect(draft.base.webType).toBe(2);
    expect(draft.formData).toMatchObject({ labelWidth: 80, idGlobal: 130, popupType: 'general', hasConfirmBtn: true });
    expect(draft.columnData.columnList.map((c) => c.prop)).toEqual(['a']);
    expect(draftFromInfo({ ...info, formData: 'not json' }, draftTexts).formData.fields).toEqual([]);
  });

  it('sends formData and columnData as JSON strings of the core shapes', () => {
    const state = run(
      start(),
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
      { type: 'base', patch: { fullName: ' 客户 ' } },
    );
    const body = designBody(state.draft);
    expect(body).toMatchObject({
      fullName: '客户',
      enCode: 'customer',
      type: 1,
      webType: 2,
      category: '',
      description: '',
      sortCode: 0,
    });
    const formData = parseDesignJson<FormDataJson>(body.formData)!;
    expect(formData.idGlobal).toBe(101);
    expect(formData.fields[0]!.__vModel__).toBe('inputField101');
    const columnData = parseDesignJson<ColumnDataJson>(body.columnData)!;
    expect(columnData).toMatchObject({ type: 1, hasPage: true, pageSize: 20 });
  });
});

describe('undo and redo', () => {
  const labels = (state: DesignerState) => state.draft.formData.fields.map((f) => f.__config__.label);
  const relabel = (formId: number, label: string, at: number) =>
    ({
      type: 'update',
      formId,
      change: (f: FieldConfig) => ({ ...f, __config__: { ...f.__config__, label } }),
      at,
    }) as const;

  it('steps back and forward through adds, removes and moves, and a new change drops what was undone', () => {
    let state = run(
      start(),
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
      { type: 'add', key: 'input', texts: fieldTexts('编号') },
      { type: 'step', formId: 102, direction: 'up' },
    );
    expect(labels(state)).toEqual(['编号', '名称']);
    state = run(state, { type: 'undo' });
    expect(labels(state)).toEqual(['名称', '编号']);
    state = run(state, { type: 'undo' }, { type: 'undo' });
    expect(labels(state)).toEqual([]);
    expect(state.draft.columnData.columnList).toEqual([]);
    expect(canUndo(state)).toBe(false);
    // undoing past the start changes nothing
    expect(run(state, { type: 'undo' })).toBe(state);
    state = run(state, { type: 'redo' }, { type: 'redo' });
    expect(labels(state)).toEqual(['名称', '编号']);
    expect(state.draft.columnData.columnList.map((c) => c.prop)).toEqual(['inputField101', 'inputField102']);
    expect(canRedo(state)).toBe(true);
    state = run(state, { type: 'remove', formId: 101 });
    expect(canRedo(state)).toBe(false);
    expect(labels(run(state, { type: 'undo' }))).toEqual(['名称', '编号']);
  });

  it('folds a run of edits to one field into one step, but not edits apart in time or to another field', () => {
    let state = run(
      start(),
      { type: 'add', key: 'input', texts: fieldTexts('名称') },
      { type: 'add', key: 'input', texts: fieldTexts('编号') },
    );
    state = run(state, relabel(101, '客', 1_000), relabel(101, '客户', 1_200), relabel(101, '客户名', 1_400));
    state = run(state, relabel(102, '单号', 1_500));
    state = run(state, relabel(102, '单据号', 1_500 + UNDO_FOLD_MS + 1));
    expect(labels(state)).toEqual(['客户名', '单据号']);
    state = run(state, { type: 'undo' });
    expect(labels(state)).toEqual(['客户名', '单号']);
    state = run(state, { type: 'undo' });
    expect(labels(state)).toEqual(['客户名', '编号']);
    state = run(state, { type: 'undo' });
    expect(labels(state)).toEqual(['名称', '编号']);
  });

  it('undoes the basic settings too, a run of typing in one of them as one step', () => {
    let state = run(start(), { type: 'add', key: 'input', texts: fieldTexts('名称') });
    const before = state.draft.base.fullName;
    state = run(
      state,
      { type: 'base', patch: { fullName: '客' }, at: 1_000 },
      { type: 'base', patch: { fullName: '客户档案' }, at: 1_300 },
    );
    // the same value again (the form echoing it) is no step
    expect(run(state, { type: 'base', patch: { fullName: '客户档案' }, at: 1_400 })).toBe(state);
    state = run(state, { type: 'base', patch: { description: '说明' }, at: 1_500 });
    expect(state.history.past).toHaveLength(3);
    state = run(state, { type: 'undo' });
    expect([state.draft.base.fullName, state.draft.base.description]).toEqual(['客户档案', base.description]);
    state = run(state, { type: 'undo' });
    expect(state.draft.base.fullName).toBe(before);
    expect(labels(state)).toEqual(['名称']);
    state = run(state, { type: 'redo' }, { type: 'redo' });
    expect([state.draft.base.fullName, state.draft.base.description]).toEqual(['客户档案', '说明']);
  });

  it('keeps the selection where it can, and forgets everything on reset', () => {
    let state = run(start(), { type: 'add', key: 'input', texts: fieldTexts('名称') });
    state = run(state, { type: 'undo' });
    expect(state.selected).toBeNull();
    state = run(state, { type: 'redo' });
    expect(state.history.revision).toBe(2);
    state = run(state, { type: 'select', formId: 101 }, { type: 'form', patch: { labelWidth: 120 }, at: 5 });
    state = run(state, { type: 'undo' });
    expect([state.draft.formData.labelWidth, state.selected]).toEqual([100, 101]);
    state = run(state, { type: 'reset', draft: newDraft(base, draftTexts) });
    expect([canUndo(state), canRedo(state)]).toEqual([false, false]);
  });

  it('goes back at most UNDO_LIMIT steps', () => {
    let state = run(start(), { type: 'add', key: 'input', texts: fieldTexts('名称') });
    for (let i = 0; i < UNDO_LIMIT + 20; i += 1) state = run(state, { type: 'form', patch: { labelWidth: i } });
    expect(state.history.past).toHaveLength(UNDO_LIMIT);
  });
});
