// The choice widgets: switch, radio, checkbox, select, and the tree choices cascader and tree select.
import { CheckboxWidget, RadioWidget, SelectWidget, SwitchWidget } from '../inputWidgets';
import { CascaderSearch, ChoiceSearch, SwitchSearch } from '../searchWidgets';
import { CascaderWidget, TreeSelectWidget } from '../treeWidgets';
import { CheckboxMock, PickerMock, RadioMock, SelectMock, SwitchMock } from './mocks';
import type { NewFieldTexts, WidgetEntry } from '../types';
import { STATIC_CHOICE, staticOptions } from './parts';
import { choiceStart, pathStart, switchStart } from './startValues';

export const switchEntry: WidgetEntry = {
  kind: 'input',
  Component: SwitchWidget,
  Search: SwitchSearch,
  startValue: switchStart,
  rules: { neverRequired: true },
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: SwitchMock,
    defaultEditor: 'switch',
    props: [
      { kind: 'text', prop: 'activeTxt', id: 'prop-activeTxt', label: 'activeTxt' },
      { kind: 'text', prop: 'inactiveTxt', id: 'prop-inactiveTxt', label: 'inactiveTxt' },
      { kind: 'panel', panel: 'switchValues' },
    ],
    create: (texts) => ({
      props: { activeTxt: texts.on, inactiveTxt: texts.off, activeValue: 1, inactiveValue: 0 },
      config: { defaultValue: 0 },
    }),
  },
};

export const radio: WidgetEntry = {
  kind: 'input',
  Component: RadioWidget,
  Search: ChoiceSearch,
  searchesMultiple: true,
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: RadioMock,
    defaultEditor: 'choice',
    props: [{ kind: 'panel', panel: 'options' }],
    create: (texts) => ({ props: staticOptions(texts), config: { defaultValue: '', ...STATIC_CHOICE } }),
  },
};

export const checkbox: WidgetEntry = {
  kind: 'input',
  Component: CheckboxWidget,
  Search: ChoiceSearch,
  searchesMultiple: true,
  startValue: choiceStart,
  rules: { requiredAs: 'array' },
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: CheckboxMock,
    defaultEditor: 'choices',
    props: [{ kind: 'panel', panel: 'options' }],
    create: (texts) => ({ props: staticOptions(texts), config: { defaultValue: [], ...STATIC_CHOICE } }),
  },
};

export const select: WidgetEntry = {
  kind: 'input',
  Component: SelectWidget,
  Search: ChoiceSearch,
  searchesMultiple: true,
  startValue: choiceStart,
  design: {
    group: 'inputGroup',
    shared: { disabled: true, clearable: 'whenSet' },
    Mock: SelectMock,
    defaultEditor: 'choice',
    placeholder: true,
    props: [{ kind: 'panel', panel: 'options' }, { kind: 'multiple' }],
    create: (texts) => ({
      props: {
        placeholder: texts.choose,
        ...staticOptions(texts),
        multiple: false,
        filterable: false,
        clearable: true,
      },
      config: { defaultValue: '', ...STATIC_CHOICE },
    }),
  },
};

/** a tree of three options, 选项一 holding 选项二 */
function treeChoice(texts: NewFieldTexts) {
  return {
    placeholder: texts.choose,
    options: [
      { fullName: texts.option(1), id: '1', children: [{ fullName: texts.option(2), id: '2' }] },
      { fullName: texts.option(3), id: '3' },
    ],
    props: { label: 'fullName', value: 'id', children: 'children' },
    multiple: false,
    clearable: true,
    filterable: false,
  };
}

export const cascader: WidgetEntry = {
  kind: 'input',
  Component: CascaderWidget,
  Search: CascaderSearch,
  searchesMultiple: true,
  rules: { requiredAs: 'array' },
  startValue: pathStart,
  design: {
    group: 'inputGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: PickerMock,
    defaultEditor: 'path',
    props: [
      { kind: 'panel', panel: 'options' },
      { kind: 'flag', prop: 'showAllLevels', id: 'prop-show-all-levels', label: 'showAllLevels', defaultOn: true },
      { kind: 'panel', panel: 'checkStrictly' },
      { kind: 'multiple', listDefault: true },
    ],
    create: (texts) => ({
      props: { ...treeChoice(texts), showAllLevels: true },
      config: { ...STATIC_CHOICE, defaultValue: [] },
    }),
  },
};

export const treeSelect: WidgetEntry = {
  kind: 'input',
  Component: TreeSelectWidget,
  Search: ChoiceSearch,
  searchesMultiple: true,
  startValue: choiceStart,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: PickerMock,
    props: [
      { kind: 'panel', panel: 'options' },
      { kind: 'multiple' },
      // only the nodes without children (hasChildren false) can be picked
      { kind: 'flag', prop: 'lastLevel', id: 'prop-last-level', label: 'lastLevel' },
    ],
    create: (texts) => ({ props: treeChoice(texts), config: { ...STATIC_CHOICE, defaultValue: '' } }),
  },
};
