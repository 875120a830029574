// The sub-table: its rows in the form, a read-only table of the whole width in the detail.
import { SubTableDetail, SubTableWidget } from '../SubTableWidget';
import type { WidgetEntry } from '../types';

export const table: WidgetEntry = {
  kind: 'subTable',
  Component: SubTableWidget,
  Detail: SubTableDetail,
  rules: { requiredAs: 'array' },
  design: {
    group: 'advancedGroup',
    shared: { disabled: true },
    named: true,
    props: [{ kind: 'panel', panel: 'subTable' }],
    create: (texts, formId) => ({
      props: { actionText: texts.addRow },
      config: {
        showLabel: true,
        showTitle: true,
        layout: 'rowFormItem',
        children: [],
        showSummary: false,
        summaryField: [],
        componentName: `table${formId}`,
        regList: undefined,
        trigger: undefined,
        unique: undefined,
      },
    }),
  },
};
