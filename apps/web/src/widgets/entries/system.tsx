// The system widgets: filled in by the server on save; the times are searched by range.
import { DateSearch } from '../searchWidgets';
import { SystemTimeWidget, SystemWidget } from '../systemWidgets';
import { ReadonlyMock } from './mocks';
import type { WidgetEntry } from '../types';

const design: WidgetEntry['design'] = {
  group: 'systemGroup',
  Mock: ReadonlyMock,
  create: (texts) => ({ props: { placeholder: texts.auto, readonly: true } }),
};

export const systemField: WidgetEntry = { kind: 'system', Component: SystemWidget, design };

export const systemTime: WidgetEntry = { kind: 'system', Component: SystemTimeWidget, Search: DateSearch, design };
