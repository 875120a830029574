// The layout items (group title, divider, text, alert) and the containers (row, card): no value.
import { AlertWidget, CardWidget, DividerWidget, GroupTitleWidget, RowWidget, TextWidget } from '../layoutWidgets';
import { AlertMock, CardFrame, DividerMock, GroupTitleMock, TextItemMock } from './mocks';
import type { WidgetEntry } from '../types';
import { LAYOUT_CONFIG } from './parts';

const CONTENT_PROP = { kind: 'longText', prop: 'content', id: 'prop-content', label: 'content' } as const;
/** a new container's configuration, with a list of its own for its items */
const containerConfig = () => ({ ...LAYOUT_CONFIG, layout: 'rowFormItem' as const, children: [] });

export const groupTitle: WidgetEntry = {
  kind: 'layout',
  Component: GroupTitleWidget,
  design: {
    group: 'layoutGroup',
    Mock: GroupTitleMock,
    props: [CONTENT_PROP, { kind: 'contentPosition', fallback: 'left' }],
    create: (texts) => ({ props: { content: texts.label, contentPosition: 'left' }, config: LAYOUT_CONFIG }),
  },
};

export const divider: WidgetEntry = {
  kind: 'layout',
  Component: DividerWidget,
  design: {
    group: 'layoutGroup',
    Mock: DividerMock,
    props: [CONTENT_PROP, { kind: 'contentPosition', fallback: 'center' }],
    create: () => ({ props: { content: '', contentPosition: 'center' }, config: LAYOUT_CONFIG }),
  },
};

export const text: WidgetEntry = {
  kind: 'layout',
  Component: TextWidget,
  design: {
    group: 'layoutGroup',
    Mock: TextItemMock,
    props: [CONTENT_PROP],
    create: (texts) => ({ props: { content: texts.sampleText }, config: LAYOUT_CONFIG }),
  },
};

export const alert: WidgetEntry = {
  kind: 'layout',
  Component: AlertWidget,
  design: {
    group: 'layoutGroup',
    Mock: AlertMock,
    props: [{ kind: 'text', prop: 'title', id: 'prop-title', label: 'alertTitle' }],
    create: (texts) => ({
      props: { title: texts.sampleAlert, type: 'info', showIcon: true, closable: false },
      config: LAYOUT_CONFIG,
    }),
  },
};

export const row: WidgetEntry = {
  kind: 'container',
  Component: RowWidget,
  design: {
    group: 'layoutGroup',
    named: true,
    create: (_texts, formId) => ({
      props: { gutter: 15 },
      config: { ...containerConfig(), componentName: `row${formId}` },
    }),
  },
};

export const card: WidgetEntry = {
  kind: 'container',
  Component: CardWidget,
  design: {
    group: 'layoutGroup',
    Frame: CardFrame,
    props: [{ kind: 'text', prop: 'header', id: 'prop-header', label: 'cardHeader' }],
    create: (texts) => ({ props: { header: texts.label, shadow: 'always' }, config: containerConfig() }),
  },
};
