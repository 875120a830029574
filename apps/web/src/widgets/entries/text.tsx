// The text widgets: one line, several lines, colour, rich text and the bill number (the server issues it).
import { EditorDetail, EditorWidget } from '../editorWidget';
import { BillRuleWidget, ColorPickerWidget, InputWidget, TextareaWidget } from '../inputWidgets';
import { ColorMock, ReadonlyMock, RichTextMock, TextMock, TextareaMock } from './mocks';
import type { DetailWidgetProps, WidgetEntry } from '../types';
import { ADDON_PROPS, MAXLENGTH_PROP, WORD_LIMIT_PROP } from './parts';
import { emptyStart } from './startValues';

function RichTextDetail({ display }: DetailWidgetProps) {
  return <EditorDetail html={display} />;
}

const TEXT_RULES = { text: true } as const;

export const input: WidgetEntry = {
  kind: 'input',
  Component: InputWidget,
  rules: TEXT_RULES,
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true, clearable: 'whenSet' },
    Mock: TextMock,
    defaultEditor: 'text',
    trigger: 'blur',
    placeholder: true,
    unique: true,
    patterns: true,
    props: [MAXLENGTH_PROP, WORD_LIMIT_PROP, ...ADDON_PROPS, { kind: 'panel', panel: 'mask' }],
    create: (texts) => ({
      props: { placeholder: texts.enter, clearable: true, maxlength: undefined, showWordLimit: false, readonly: false },
      config: { defaultValue: '' },
    }),
  },
};

export const textarea: WidgetEntry = {
  kind: 'input',
  Component: TextareaWidget,
  rules: TEXT_RULES,
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true },
    Mock: TextareaMock,
    defaultEditor: 'text',
    trigger: 'blur',
    placeholder: true,
    unique: true,
    patterns: true,
    props: [MAXLENGTH_PROP, WORD_LIMIT_PROP, { kind: 'panel', panel: 'textRows' }],
    create: (texts) => ({
      props: {
        placeholder: texts.enter,
        autosize: { minRows: 4, maxRows: 4 },
        maxlength: undefined,
        showWordLimit: false,
      },
      config: { defaultValue: '' },
    }),
  },
};

export const colorPicker: WidgetEntry = {
  kind: 'input',
  Component: ColorPickerWidget,
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: ColorMock,
    defaultEditor: 'text',
    create: () => ({ props: { showAlpha: false }, config: { defaultValue: '' } }),
  },
};

export const editor: WidgetEntry = {
  kind: 'input',
  Component: EditorWidget,
  Detail: RichTextDetail,
  startValue: emptyStart,
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: RichTextMock,
    create: (texts) => ({ props: { placeholder: texts.enter }, config: { defaultValue: '' } }),
  },
};

export const billRule: WidgetEntry = {
  kind: 'input',
  Component: BillRuleWidget,
  startValue: emptyStart,
  rules: { neverRequired: true },
  design: {
    group: 'inputGroup',
    Mock: ReadonlyMock,
    issuedByServer: true,
    props: [{ kind: 'panel', panel: 'billRule' }],
    create: (texts) => ({ props: { placeholder: texts.auto, rule: '', readonly: true } }),
  },
};
