// The system widgets: filled in by the server on save; the times are searched by range.
import { DateSearch } from '../searchWidgets';
import { SystemWidget } from '../systemWidgets';
import type { WidgetEntry } from '../types';

const design: WidgetEntry['design'] = {
  group: 'systemGroup',
  create: (texts) => ({ props: { placeholder: texts.auto, readonly: true } }),
};

export const systemField: WidgetEntry = { kind: 'system', Component: SystemWidget, design };

export const systemTime: WidgetEntry = { kind: 'system', Component: SystemWidget, Search: DateSearch, design };
