// The property panels of the fields over a data interface's rows (the reference's popup-select and chooser
// config): the interface with its stored and shown fields and its parameters (popup select, popup table select,
// autoComplete; the keys sit beside __config__ as the reference designer puts them), the columns the chooser
// shows, its paging, how it opens, and the popup attribute's popup field, shown field and storage.
import type { FieldConfig, InterfaceParamBinding } from '@jnpf/core';
import { AutoComplete, Button, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { widgetOf } from '../../../../widgets';
import { attributeScope } from '@jnpf/core';
import styles from './designer.module.css';
import {
  InterfacePicker,
  interfaceBindings,
  otherFieldChoices,
  ParamBindingsEditor,
  useResultFields,
} from './InterfaceOptionsEditor';
import { designerTexts } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

/** the parameter value autoComplete replaces with the typed text */
export const KEYWORD_VARIABLE = '@keyword';
const POPUP_PAGE_SIZES = [10, 20, 50, 100, 500];

type Change = (field: FieldConfig) => void;

interface PopupColumnOption {
  value: string;
  label: string;
  width?: number;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');
const bindingsOf = (field: FieldConfig): InterfaceParamBinding[] =>
  Array.isArray(field.templateJson) ? (field.templateJson as InterfaceParamBinding[]) : [];

/** a result field of the interface, typed or chosen from GetFields */
function ResultField({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const t = designerTexts.useText();
  return (
    <PanelItem label={label} htmlFor={id}>
      <AutoComplete
        id={id}
        aria-label={label}
        value={value}
        options={options}
        placeholder={t('interfaceFieldPlaceholder')}
        onChange={onChange}
      />
    </PanelItem>
  );
}

/**
 * The interface of a popup select, popup table select or autoComplete: the stored field (propsValue; not for
 * autoComplete, whose value is the text), the shown field (relationField) and each parameter's source.
 */
export function PopupInterfaceEditor({
  field,
  fields,
  onChange,
  storesText,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: Change;
  /** autoComplete: the value is the shown text, and a parameter may take the typed text */
  storesText?: boolean;
}) {
  const t = designerTexts.useText();
  const interfaceId = textOf(field.interfaceId);
  const resultFields = useResultFields(interfaceId);
  const bindings = bindingsOf(field);
  const choose = async (id: string, name: string) =>
    onChange({
      ...field,
      interfaceId: id,
      interfaceName: name,
      templateJson: await interfaceBindings(id, bindings),
      __config__: { ...field.__config__, defaultValue: Array.isArray(field.__config__.defaultValue) ? [] : '' },
    });
  return (
    <>
      <InterfacePicker id="prop-interfaceId" value={interfaceId} onSelect={(id, name) => void choose(id, name)} />
      {interfaceId ? (
        <>
          {!storesText && (
            <ResultField
              id="prop-propsValue"
              label={t('popupPropsValue')}
              value={textOf(field.propsValue)}
              options={resultFields}
              onChange={(propsValue) => onChange({ ...field, propsValue })}
            />
          )}
          <ResultField
            id="prop-relationField"
            label={t('popupRelationField')}
            value={textOf(field.relationField)}
            options={resultFields}
            onChange={(relationField) => onChange({ ...field, relationField })}
          />
          <ParamBindingsEditor
            bindings={bindings}
            others={otherFieldChoices(field, fields)}
            keyword={storesText ? KEYWORD_VARIABLE : undefined}
            onChange={(templateJson) => onChange({ ...field, templateJson })}
          />
        </>
      ) : null}
    </>
  );
}

/** the columns the chooser shows: the result field, its column name and width */
export function PopupColumnsEditor({ field, onChange }: { field: FieldConfig; onChange: Change }) {
  const t = designerTexts.useText();
  const resultFields = useResultFields(textOf(field.interfaceId));
  const columns: PopupColumnOption[] = Array.isArray(field.columnOptions)
    ? (field.columnOptions as PopupColumnOption[])
    : [];
  const set = (next: PopupColumnOption[]) => onChange({ ...field, columnOptions: next });
  const edit = (index: number, patch: Partial<PopupColumnOption>) =>
    set(columns.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <PanelItem label={t('popupColumns')}>
      <div role="list" aria-label={t('popupColumns')}>
        {columns.map((column, index) => (
          <div key={index} role="listitem" className={styles.paramRow}>
            <AutoComplete
              aria-label={`${t('popupColumnValue')} ${index + 1}`}
              value={column.value}
              options={resultFields}
              placeholder={t('popupColumnValue')}
              className={styles.paramSource}
              onChange={(value: string) => edit(index, { value })}
            />
            <Input
              aria-label={`${t('popupColumnLabel')} ${index + 1}`}
              value={column.label}
              placeholder={t('popupColumnLabel')}
              className={styles.paramValue}
              onChange={(e) => edit(index, { label: e.target.value })}
            />
            <InputNumber
              aria-label={`${t('popupColumnWidth')} ${index + 1}`}
              value={column.width ?? null}
              min={0}
              precision={0}
              placeholder={t('popupColumnWidth')}
              style={{ width: 80 }}
              onChange={(width) => edit(index, { width: typeof width === 'number' && width > 0 ? width : undefined })}
            />
            <Button
              type="text"
              aria-label={`${t('popupRemoveColumn')} ${index + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => set(columns.filter((_, i) => i !== index))}
            />
          </div>
        ))}
      </div>
      <Button type="link" icon={<PlusOutlined />} onClick={() => set([...columns, { value: '', label: '' }])}>
        {t('popupAddColumn')}
      </Button>
    </PanelItem>
  );
}

/** paging of the chooser's list and its page size */
export function PopupPagingEditor({ field, onChange }: { field: FieldConfig; onChange: Change }) {
  const t = designerTexts.useText();
  const hasPage = field.hasPage === true;
  return (
    <>
      <PanelItem label={t('popupHasPage')} htmlFor="prop-hasPage">
        <Switch id="prop-hasPage" checked={hasPage} onChange={(on) => onChange({ ...field, hasPage: on })} />
      </PanelItem>
      {hasPage && (
        <PanelItem label={t('pageSize')} htmlFor="prop-pageSize">
          <Select
            id="prop-pageSize"
            aria-label={t('pageSize')}
            value={Number(field.pageSize) || 20}
            options={POPUP_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
            onChange={(pageSize: number) => onChange({ ...field, pageSize })}
          />
        </PanelItem>
      )}
    </>
  );
}

/** how the chooser opens: a dialog or a drawer, its title and width */
export function PopupDialogEditor({ field, onChange }: { field: FieldConfig; onChange: Change }) {
  const t = designerTexts.useText();
  return (
    <>
      <PanelItem label={t('chooserType')}>
        <Radio.Group
          aria-label={t('chooserType')}
          value={field.popupType === 'drawer' ? 'drawer' : 'dialog'}
          onChange={(e) => onChange({ ...field, popupType: e.target.value as string })}
          options={[
            { value: 'dialog', label: t('chooserDialog') },
            { value: 'drawer', label: t('chooserDrawer') },
          ]}
        />
      </PanelItem>
      <PanelItem label={t('chooserTitle')} htmlFor="prop-popupTitle">
        <Input
          id="prop-popupTitle"
          value={textOf(field.popupTitle)}
          onChange={(e) => onChange({ ...field, popupTitle: e.target.value })}
        />
      </PanelItem>
      <PanelItem label={t('chooserWidth')} htmlFor="prop-popupWidth">
        <Select
          id="prop-popupWidth"
          aria-label={t('chooserWidth')}
          value={textOf(field.popupWidth) || '800px'}
          options={['600px', '800px', '1000px', '40%', '50%', '60%', '70%', '80%'].map((w) => ({ value: w, label: w }))}
          onChange={(popupWidth: string) => onChange({ ...field, popupWidth })}
        />
      </PanelItem>
    </>
  );
}

/**
 * a popup attribute: the popup field it follows (of the main form, or in a sub-table a column of that table), the
 * row's field it shows, and whether it is stored
 */
export function PopupAttrEditor({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: Change;
}) {
  const t = designerTexts.useText();
  // a main-form attribute shows a main-form field's pick (containers looked into), a column one its row's pick
  const popups = attributeScope(fields, field).filter(
    (f) => f.__vModel__ && widgetOf(f.__config__.jnpfKey)?.design.picksRows === true,
  );
  const popup = popups.find((f) => f.__vModel__ === field.relationField);
  const resultFields = useResultFields(textOf(popup?.interfaceId));
  const stored = field.isStorage === 1 || field.isStorage === true;
  return (
    <>
      <PanelItem label={t('attrPopupField')} htmlFor="prop-attr-popup">
        <Select
          id="prop-attr-popup"
          aria-label={t('attrPopupField')}
          value={textOf(field.relationField) || undefined}
          placeholder={t('choose')}
          options={popups.map((f) => ({ value: f.__vModel__, label: `${f.__config__.label || f.__vModel__}` }))}
          onChange={(relationField: string) => onChange({ ...field, relationField, showField: '' })}
        />
      </PanelItem>
      <ResultField
        id="prop-attr-show"
        label={t('attrShowField')}
        value={textOf(field.showField)}
        options={resultFields}
        onChange={(showField) => onChange({ ...field, showField })}
      />
      <PanelItem label={t('attrStorage')}>
        <Radio.Group
          aria-label={t('attrStorage')}
          value={stored ? 1 : 0}
          onChange={(e) => onChange({ ...field, isStorage: Number(e.target.value) })}
          options={[
            { value: 0, label: t('attrNotStored') },
            { value: 1, label: t('attrStored') },
          ]}
        />
      </PanelItem>
    </>
  );
}
