// The date and time widgets: searched by range; dates are epoch ms, times "HH:mm:ss".
import { DatePickerWidget, TimePickerWidget } from '../inputWidgets';
import { DateSearch, TimeSearch } from '../searchWidgets';
import { DateMock, TimeMock } from './mocks';
import type { WidgetEntry } from '../types';
import { dateStart, timeStart } from './startValues';

export const datePicker: WidgetEntry = {
  kind: 'input',
  Component: DatePickerWidget,
  Search: DateSearch,
  startValue: dateStart,
  rules: { requiredAs: 'value' },
  design: {
    group: 'inputGroup',
    Mock: DateMock,
    defaultEditor: 'date',
    placeholder: true,
    props: [{ kind: 'panel', panel: 'dateFormat' }],
    create: (texts) => ({
      props: { placeholder: texts.choose, type: 'date', format: 'yyyy-MM-dd', clearable: true },
      config: { defaultValue: null },
    }),
  },
};

export const timePicker: WidgetEntry = {
  kind: 'input',
  Component: TimePickerWidget,
  Search: TimeSearch,
  startValue: timeStart,
  design: {
    group: 'inputGroup',
    Mock: TimeMock,
    defaultEditor: 'time',
    placeholder: true,
    props: [{ kind: 'panel', panel: 'timeFormat' }],
    create: (texts) => ({
      props: { placeholder: texts.choose, format: 'HH:mm:ss', clearable: true },
      config: { defaultValue: '' },
    }),
  },
};
