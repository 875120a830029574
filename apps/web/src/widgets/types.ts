// The props each kind of widget receives. Input widgets are form controls: a Form.Item passes id, value
// and onChange, and the value is always in the contract's raw form. System widgets only show what the
// server filled in. Layout widgets show their own content; containers wrap the items rendered inside them.
import type { FieldConfig, FieldConfigMeta, SearchItem, WidgetCheck } from '@jnpf/core';
import type { ComponentType, ReactNode } from 'react';

export interface InputWidgetProps {
  field: FieldConfig;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

export interface SystemWidgetProps {
  field: FieldConfig;
  id?: string;
  /** the display text the server gave (user name, formatted time …), when there is one */
  display?: unknown;
  /** the raw value, when only that is known */
  value?: unknown;
  /** a record not saved yet: the server fills the value in on save */
  isNew: boolean;
}

export interface LayoutWidgetProps {
  field: FieldConfig;
}

export interface ContainerWidgetProps {
  field: FieldConfig;
  /** the container's items, already laid out in their grid (a row, a card); absent for a container of parts */
  children?: ReactNode;
  /** lays out a list of items held by one of its parts (a pane, a panel, a cell) as the form lays out its own */
  renderItems: (items: readonly FieldConfig[]) => ReactNode;
}

/** the read-only display of a value in a record's detail: the display text the server gave */
export interface DetailWidgetProps {
  field: FieldConfig;
  display: unknown;
}

/** a list search control: the search item, and the field it searches (the item is the field spread) */
export interface SearchControlProps {
  item: SearchItem;
  field: FieldConfig;
  /** the field is masked for this user: the server matches only its whole value */
  exact?: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** the words a new field carries, in the designer's language */
export interface NewFieldTexts {
  /** the palette name of the key, the field's first label */
  label: string;
  /** 请输入 */
  enter: string;
  /** 请选择 */
  choose: string;
  /** 系统自动生成 */
  auto: string;
  /** 选项一, 选项二 … */
  option: (n: number) => string;
  /** the upload button's text: 点击上传 */
  uploadButton: string;
  /** switch texts 开 / 关 */
  on: string;
  off: string;
  /** the sample content of a text item and of an alert */
  sampleText: string;
  sampleAlert: string;
  /** the add-row button of a sub-table: 添加 */
  addRow: string;
}

/** what a new field of a key carries beyond what every field has: its component props and __config__ keys */
export interface NewFieldParts {
  props?: Partial<FieldConfig>;
  config?: Partial<FieldConfigMeta>;
}

/** the palette groups: 基础控件, 高级控件, 系统控件, 布局控件 (the designer's text keys) */
export type PaletteGroup = 'inputGroup' | 'advancedGroup' | 'systemGroup' | 'layoutGroup';

/**
 * The designer's text keys a property of the panel is labelled with (the designer checks they are its keys).
 */
export type PropLabel =
  | 'content'
  | 'alertTitle'
  | 'cardHeader'
  | 'showAllLevels'
  | 'hasSys'
  | 'lastLevel'
  | 'organizeAuth'
  | 'isOnlyOrg'
  | 'uploadButtonText'
  | 'uploadTip'
  | 'activeTxt'
  | 'inactiveTxt'
  | 'maxlength'
  | 'min'
  | 'max'
  | 'step'
  | 'precision'
  | 'popupFilterable'
  | 'autoCompleteTotal'
  | 'thousands'
  | 'isAmountChinese'
  | 'isStorage'
  | 'addonBefore'
  | 'addonAfter'
  | 'allowHalf'
  | 'showStops'
  | 'showWordLimit';

/**
 * One property of a widget's part of the property panel, declared: a plain property the designer edits with a
 * control of the given kind, or a panel the designer draws (named for what it edits, not for a widget).
 */
export type PropSpec =
  /** a one-line text property */
  | {
      kind: 'text';
      prop: 'title' | 'header' | 'buttonText' | 'tipText' | 'activeTxt' | 'inactiveTxt' | 'addonBefore' | 'addonAfter';
      id: string;
      label: PropLabel;
    }
  /** a multi-line text property */
  | { kind: 'longText'; prop: 'content'; id: string; label: PropLabel }
  /** a number property; empty clears it, or gives `fallback` */
  | {
      kind: 'number';
      prop: 'maxlength' | 'min' | 'max' | 'step' | 'precision' | 'total';
      id: string;
      label: PropLabel;
      min?: number;
      max?: number;
      precision?: number;
      fallback?: number;
    }
  /** a switch property, on when the field does not say (`defaultOn`) */
  | {
      kind: 'flag';
      prop:
        | 'showAllLevels'
        | 'filterable'
        | 'thousands'
        | 'isAmountChinese'
        | 'isStorage'
        | 'hasSys'
        | 'lastLevel'
        | 'auth'
        | 'isOnlyOrg'
        | 'allowHalf'
        | 'showStops'
        | 'showWordLimit';
      id: string;
      label: PropLabel;
      defaultOn?: boolean;
    }
  /** where the content sits (left, center, right) */
  | { kind: 'contentPosition'; fallback: 'left' | 'center' | 'right' }
  /** one value or many; a change clears the default (to [] with `listDefault` or when many, else '') */
  | { kind: 'multiple'; listDefault?: boolean }
  /** a slider's range (范围选择): its value a pair; switching it turns the default into a pair or its low end */
  | { kind: 'sliderRange' }
  /** the designer's panels */
  | {
      kind: 'panel';
      panel:
        | 'options'
        | 'checkStrictly'
        | 'uploadLimits'
        /** where uploads are stored: pathType (defaultPath or selfPath), isAccount and folder */
        | 'uploadStorage'
        | 'fileTypes'
        | 'areaLevel'
        | 'dateFormat'
        | 'timeFormat'
        /** a date or time picker's bounds: startTime and endTime (epoch ms for a date, "HH:mm:ss" for a time) */
        | 'dateBounds'
        | 'timeBounds'
        /** a multi-line text's rows (autosize: minRows, maxRows) */
        | 'textRows'
        | 'switchValues'
        | 'billRule'
        | 'subTable'
        /** the data interface of a popup select or popup table select, its stored and shown fields, parameters */
        | 'popupInterface'
        /** the data interface of an autoComplete: its shown field, parameters (one may take the typed text) */
        | 'autoCompleteInterface'
        | 'popupColumns'
        | 'popupPaging'
        /** a dialog or a drawer, its title and width */
        | 'popupDialog'
        /** a popup attribute's popup field, shown field and storage */
        | 'popupAttr'
        /** a calculate field's formula */
        | 'expression'
        /** a user or mixed picker's choices: all, or custom with the permitted entries (selectType, ableIds) */
        | 'pickerScope'
        /** data masking of a text: useMask, and the mask type, filler and kept ends of maskConfig */
        | 'mask';
    };

/** a panel of the widget's own properties, drawn by its module (the display widgets' many colours and sources) */
export interface WidgetPanelProps {
  field: FieldConfig;
  /** every field of the form, for a property that names another field */
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}

/** a widget's stand-in on the designer canvas */
export interface MockProps {
  field: FieldConfig;
}

/** how the canvas frames a container's items */
export interface CanvasFrameProps {
  field: FieldConfig;
  children: ReactNode;
}

/** how the canvas draws a container of parts (tab, collapse, table grid): each part's body drawn by the canvas */
export interface CanvasPartsProps {
  field: FieldConfig;
  /** a pane's, panel's or cell's body on the canvas: its items, and where items are dropped into it */
  renderPart: (part: FieldConfig) => ReactNode;
  /** the container changed on the canvas (a tab's pane chosen: its `active`) */
  onChange?: (field: FieldConfig) => void;
}

/**
 * The switches every field may carry that a widget honours: disabled (greyed out, its value still shown and sent),
 * readonly (its value shown, not editable: no clear icon, no dialog or dropdown opening) and clearable (the clear
 * icon). A field without `clearable` has the icon when its widget's `clearable` is 'byDefault', not when 'whenSet'.
 */
export interface SharedProps {
  disabled?: true;
  readonly?: true;
  clearable?: 'byDefault' | 'whenSet';
}

/** what the designer knows of a widget: its palette place, a new field's configuration, its property panel */
export interface WidgetDesign {
  group: PaletteGroup;
  /** a new field's props and __config__ (beyond what every field has) */
  create: (texts: NewFieldTexts, formId: number) => NewFieldParts;
  /** checked when the field loses focus (text), else on change */
  trigger?: 'blur';
  /** the field is named `<key><formId>` in __config__.componentName (rows and sub-tables) */
  named?: boolean;
  /** its stand-in on the canvas; absent: nothing but its label */
  Mock?: ComponentType<MockProps>;
  /** a container's frame on the canvas; absent: its items bare */
  Frame?: ComponentType<CanvasFrameProps>;
  /** a container of parts on the canvas (its items are in its parts, not its children) */
  Parts?: ComponentType<CanvasPartsProps>;
  /** the panel offers a placeholder */
  placeholder?: boolean;
  /** the widget's own properties, in the panel's order */
  props?: readonly PropSpec[];
  /** the shared switches it honours, which the panel offers */
  shared?: SharedProps;
  /** a panel of its own properties, after the declared ones */
  Panel?: ComponentType<WidgetPanelProps>;
  /** the server issues the value (the bill number): no "required" switch, and no input on a public form */
  issuedByServer?: boolean;
  /**
   * the control of the design's default: text; a number (cleared to none, or to 0 with numberOrZero); the switch;
   * one choice or a list of them (checkbox, or a choice with `multiple`); a date; a time; the field's own picker
   * (picker: its ids, or a mixed picker's entries, the user and mixed pickers also "current user"); the field's
   * own control (path: a cascader's or area's path, or paths); or a label without a control (none). Absent: the field has no default (the server fills it, or it starts empty).
   */
  defaultEditor?:
    'text' | 'number' | 'numberOrZero' | 'switch' | 'choice' | 'choices' | 'date' | 'time' | 'picker' | 'path' | 'none';
  /** the panel offers "unique among the records" (not for a sub-table's column) */
  unique?: boolean;
  /** the panel offers the pattern checks (regList) */
  patterns?: boolean;
  /** a sub-table's total row can sum its column */
  summable?: boolean;
  /** its value is the id of a row of its data interface (a popup attribute can show a field of that row) */
  picksRows?: boolean;
  /** it reads its data interface (interfaceId), which the design must name */
  readsInterface?: boolean;
  /** its value is the id of a record of another released form (modelId): a relation-form attribute follows it */
  relatesForm?: boolean;
  /** its stored value is an id only the server names: an existing record's form reads the display texts for it */
  namedByServer?: boolean;
  /** a calculate formula may read it, though no total row sums it (another calculated field) */
  operand?: boolean;
}

/** the form's checks of a value, the same the server makes (rules.ts, and subTable.ts for a sub-table's cells) */
export interface ValueRules {
  /** never required: it always holds a value (switch), or the server fills it in (bill number) */
  neverRequired?: boolean;
  /** what "required" tests: a list with an entry, any value (numbers, dates), else text not blank */
  requiredAs?: 'array' | 'value';
  /** the maxlength and the patterns (regList) apply */
  text?: boolean;
  /** the min and max apply in the form */
  bounds?: boolean;
  /** the min and max apply in a sub-table's cell */
  cellBounds?: boolean;
  /** its bounds may follow rules (now, before or after now, another field): resolved as dates or as times of day */
  ruledBounds?: 'date' | 'time';
  /** whether a non-empty value counts as filled for "required" (a range slider: both ends); absent: any */
  filled?: (field: FieldConfig, value: unknown) => boolean;
  /** the widget's own check of a non-empty value, the one the server makes (core's widget logic) */
  check?: (field: FieldConfig, value: unknown) => WidgetCheck;
  /**
   * the value is computed from the form's values (in a sub-table's row `rowIndex`), stored or not: "required" tests
   * what it computes, so a result not yet given to the form (or not stored) does not fail it
   */
  computed?: (field: FieldConfig, values: Record<string, unknown>, rowIndex?: number) => unknown;
}

/**
 * a new record's value of a field from the design's default (`given`); undefined when it starts empty. `userId`
 * is the signed-in user opening the form ('' when nobody is, as on a public form).
 */
export type StartValue = (field: FieldConfig, given: unknown, now: number, userId: string) => unknown;

interface EntryParts {
  design: WidgetDesign;
  /** a layout item shown under its label like a field (barcode, QR code, iframe) */
  labelled?: boolean;
  /**
   * its control mounts with the form even off screen (a form's far controls mount when near the view): it gives
   * the form a value of its own, or tells other widgets what to ask for
   */
  mountsAtOnce?: boolean;
  /** a layout item drawn in the input column like a field, under its label or, with none, beside the label's room */
  inputColumn?: boolean;
  rules?: ValueRules;
  /** reads the design's default into a new record's value; absent: a plain default taken as text */
  startValue?: StartValue;
  /** the read-only detail of a value; absent: its display text */
  Detail?: ComponentType<DetailWidgetProps>;
  /** a list cell of the display value; absent: its display text */
  listCell?: (display: unknown) => ReactNode;
  /** the list's search control; absent: a text box */
  Search?: ComponentType<SearchControlProps>;
  /** its search control picks several values when the search item asks (searchMultiple): any of them matches */
  searchesMultiple?: boolean;
}

export type WidgetEntry = EntryParts &
  (
    | { kind: 'input'; Component: ComponentType<InputWidgetProps> }
    /** a sub-table: an input of the whole width, whose detail (its Detail) takes the whole width too */
    | { kind: 'subTable'; Component: ComponentType<InputWidgetProps> }
    | { kind: 'system'; Component: ComponentType<SystemWidgetProps> }
    | { kind: 'layout'; Component: ComponentType<LayoutWidgetProps> }
    | { kind: 'container'; Component: ComponentType<ContainerWidgetProps> }
  );
