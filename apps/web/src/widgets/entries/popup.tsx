// The widgets over a data interface's rows: popup select (a dialog or drawer of the rows), popup table select (a
// 700 px popover table), autoComplete (free text with suggestions) and popup attribute (a field of the row picked
// in a popup select of the form). Their list and detail show the server's display text: the row's label.
import { AutoCompleteWidget } from '../popup/AutoComplete';
import { PopupAttr } from '../popup/PopupAttr';
import { PopupSelect } from '../popup/PopupSelect';
import { PopupTableSelect } from '../popup/PopupTableSelect';
import { POPUP_PAGE_SIZE_DEFAULT, POPUP_WIDTH_DEFAULT, AUTO_COMPLETE_TOTAL_DEFAULT } from '../popup/popupData';
import type { NewFieldTexts, WidgetEntry } from '../types';
import { PickerMock, ReadonlyMock, TextMock } from './mocks';
import { choiceStart } from './startValues';

/** what a new popup select and popup table select carry */
const popupStart = (texts: NewFieldTexts) => ({
  placeholder: texts.choose,
  interfaceId: '',
  interfaceName: '',
  templateJson: [],
  propsValue: 'id',
  relationField: 'fullName',
  columnOptions: [],
  hasPage: false,
  pageSize: POPUP_PAGE_SIZE_DEFAULT,
  multiple: false,
  clearable: true,
});

export const popupSelect: WidgetEntry = {
  kind: 'input',
  Component: PopupSelect,
  startValue: choiceStart,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, readonly: true, clearable: 'byDefault' },
    Mock: PickerMock,
    placeholder: true,
    picksRows: true,
    readsInterface: true,
    props: [
      { kind: 'panel', panel: 'popupInterface' },
      { kind: 'panel', panel: 'popupColumns' },
      { kind: 'panel', panel: 'popupPaging' },
      { kind: 'panel', panel: 'popupDialog' },
      { kind: 'multiple' },
    ],
    create: (texts) => ({
      props: { ...popupStart(texts), popupType: 'dialog', popupTitle: '', popupWidth: POPUP_WIDTH_DEFAULT },
      config: { defaultValue: '' },
    }),
  },
};

export const popupTableSelect: WidgetEntry = {
  kind: 'input',
  Component: PopupTableSelect,
  startValue: choiceStart,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, readonly: true, clearable: 'byDefault' },
    Mock: PickerMock,
    placeholder: true,
    picksRows: true,
    readsInterface: true,
    props: [
      { kind: 'panel', panel: 'popupInterface' },
      { kind: 'panel', panel: 'popupColumns' },
      { kind: 'panel', panel: 'popupPaging' },
      { kind: 'multiple' },
      { kind: 'flag', prop: 'filterable', id: 'prop-filterable', label: 'popupFilterable' },
    ],
    create: (texts) => ({
      props: { ...popupStart(texts), filterable: false },
      config: { defaultValue: '' },
    }),
  },
};

export const autoComplete: WidgetEntry = {
  kind: 'input',
  Component: AutoCompleteWidget,
  rules: { text: true },
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, readonly: true, clearable: 'whenSet' },
    Mock: TextMock,
    placeholder: true,
    readsInterface: true,
    defaultEditor: 'text',
    patterns: true,
    props: [
      { kind: 'panel', panel: 'autoCompleteInterface' },
      {
        kind: 'number',
        prop: 'total',
        id: 'prop-total',
        label: 'autoCompleteTotal',
        min: 1,
        max: 500,
        precision: 0,
        fallback: AUTO_COMPLETE_TOTAL_DEFAULT,
      },
    ],
    create: (texts) => ({
      props: {
        placeholder: texts.enter,
        interfaceId: '',
        interfaceName: '',
        templateJson: [],
        relationField: 'fullName',
        total: AUTO_COMPLETE_TOTAL_DEFAULT,
        clearable: true,
      },
      config: { defaultValue: '' },
    }),
  },
};

export const popupAttr: WidgetEntry = {
  kind: 'input',
  Component: PopupAttr,
  mountsAtOnce: true,
  rules: { neverRequired: true },
  design: {
    group: 'advancedGroup',
    Mock: ReadonlyMock,
    props: [{ kind: 'panel', panel: 'popupAttr' }],
    create: () => ({ props: { relationField: '', showField: '', isStorage: 0 } }),
  },
};
