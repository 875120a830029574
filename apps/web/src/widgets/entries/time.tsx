// The date and time widgets: searched by range; dates are epoch ms, times "HH:mm:ss".
import { DatePickerWidget, TimePickerWidget } from '../inputWidgets';
import { DateSearch, TimeSearch } from '../searchWidgets';
import { DateMock, TimeMock } from './mocks';
import type { WidgetEntry } from '../types';
import { dateStart, timeStart } from './startValues';
import { TIME_DAY_END, TIME_DAY_START } from '../values';

export const datePicker: WidgetEntry = {
  kind: 'input',
  Component: DatePickerWidget,
  Search: DateSearch,
  startValue: dateStart,
  rules: { requiredAs: 'value', ruledBounds: 'date' },
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true, clearable: 'byDefault' },
    Mock: DateMock,
    defaultEditor: 'date',
    placeholder: true,
    props: [
      { kind: 'panel', panel: 'dateFormat' },
      { kind: 'panel', panel: 'dateBounds' },
    ],
    create: (texts) => ({
      props: {
        placeholder: texts.choose,
        type: 'date',
        format: 'yyyy-MM-dd',
        clearable: true,
        startTime: null,
        endTime: null,
      },
      config: { defaultValue: null },
    }),
  },
};

export const timePicker: WidgetEntry = {
  kind: 'input',
  Component: TimePickerWidget,
  Search: TimeSearch,
  startValue: timeStart,
  rules: { ruledBounds: 'time' },
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true, clearable: 'byDefault' },
    Mock: TimeMock,
    defaultEditor: 'time',
    placeholder: true,
    props: [
      { kind: 'panel', panel: 'timeFormat' },
      { kind: 'panel', panel: 'timeBounds' },
    ],
    create: (texts) => ({
      props: {
        placeholder: texts.choose,
        format: 'HH:mm:ss',
        clearable: true,
        startTime: TIME_DAY_START,
        endTime: TIME_DAY_END,
      },
      config: { defaultValue: '' },
    }),
  },
};
