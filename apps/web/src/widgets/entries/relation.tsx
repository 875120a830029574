// The widgets over another released form's records: relation form (关联表单; the record picked in a chooser of
// that form's records, stored by id, shown by its relationField, its detail opened read-only) and relation-form
// attribute (关联表单属性; another field of that record, stored nowhere). Lists and details show the server's
// display texts.
import { POPUP_PAGE_SIZE_DEFAULT, POPUP_WIDTH_DEFAULT } from '../popup/popupData';
import { RelationForm, RelationFormDetail } from '../relation/RelationForm';
import { RelationFormAttr } from '../relation/RelationFormAttr';
import { RelationAttrPanel, RelationFormPanel } from '../relation/RelationPanels';
import type { WidgetEntry } from '../types';
import { PickerMock, ReadonlyMock } from './mocks';

export const relationForm: WidgetEntry = {
  kind: 'input',
  Component: RelationForm,
  Detail: RelationFormDetail,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, readonly: true, clearable: 'byDefault' },
    Mock: PickerMock,
    placeholder: true,
    relatesForm: true,
    namedByServer: true,
    props: [
      { kind: 'panel', panel: 'popupPaging' },
      { kind: 'panel', panel: 'popupDialog' },
    ],
    Panel: RelationFormPanel,
    create: (texts) => ({
      props: {
        placeholder: texts.choose,
        modelId: '',
        relationField: '',
        columnOptions: [],
        hasPage: false,
        pageSize: POPUP_PAGE_SIZE_DEFAULT,
        popupType: 'dialog',
        popupTitle: '',
        popupWidth: POPUP_WIDTH_DEFAULT,
        clearable: true,
      },
      config: { defaultValue: '' },
    }),
  },
};

export const relationFormAttr: WidgetEntry = {
  kind: 'input',
  Component: RelationFormAttr,
  mountsAtOnce: true,
  rules: { neverRequired: true },
  design: {
    group: 'advancedGroup',
    Mock: ReadonlyMock,
    namedByServer: true,
    Panel: RelationAttrPanel,
    create: () => ({ props: { relationField: '', showField: '' } }),
  },
};
