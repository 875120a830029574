// The sub-table's own settings beyond its title and total row: its grouped headers (complexHeaderList over its
// columns), the buttons it shows and their texts (columnBtnsList, footerBtnsList), and its select-data dialog
// (addType 1 with addTableConf: a data interface or a released design, the chooser's columns, paging and popup as a popup select has
// them, and which record field or fixed text fills each column, relationOptions). A column of a sub-table has
// its alignment and freezing (tableAlign, tableFixed).
import type { ComplexHeader, FieldConfig, FieldConfigMeta } from '@jnpf/core';
import { AutoComplete, Button, Input, Radio, Select, Switch, TreeSelect, Typography } from 'antd';
import { subTableColumns } from '@jnpf/core';
import { releasedFormsTree } from '../../../../widgets/relation/RelationPanels';
import { useFormFields, useReleasedForms } from '../../../../widgets/relation/relationData';
import styles from './designer.module.css';
import { PopupColumnsEditor, PopupDialogEditor, PopupInterfaceEditor, PopupPagingEditor } from './PopupEditors';
import { useResultFields } from './InterfaceOptionsEditor';
import { AddRowButton, RemoveRowButton } from './rowButtons';
import { designerTexts } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

type Change = (field: FieldConfig) => void;
type Text = ReturnType<typeof designerTexts.useText>;

const ALIGNS = ['left', 'center', 'right'] as const;
const alignOptions = (t: Text) =>
  ALIGNS.map((value) => ({
    value,
    label: t(value === 'left' ? 'alignLeft' : value === 'center' ? 'alignCenter' : 'alignRight'),
  }));

/** a sub-table column's alignment and freezing */
export function ColumnPlacementProps({ field, onChange }: { field: FieldConfig; onChange: Change }) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const setConfig = (patch: Partial<FieldConfigMeta>) => onChange({ ...field, __config__: { ...config, ...patch } });
  return (
    <>
      <PanelItem label={t('align')} htmlFor="prop-tableAlign">
        <Select
          id="prop-tableAlign"
          value={config.tableAlign ?? 'left'}
          options={alignOptions(t)}
          onChange={(tableAlign: 'left' | 'center' | 'right') => setConfig({ tableAlign })}
        />
      </PanelItem>
      <PanelItem label={t('fixed')} htmlFor="prop-tableFixed">
        <Select
          id="prop-tableFixed"
          value={config.tableFixed ?? 'none'}
          options={[
            { value: 'none', label: t('fixedNone') },
            { value: 'left', label: t('fixedLeft') },
            { value: 'right', label: t('fixedRight') },
          ]}
          onChange={(tableFixed: 'none' | 'left' | 'right') => setConfig({ tableFixed })}
        />
      </PanelItem>
    </>
  );
}

let lastHeaderId = 0;
/** a new header's id: unique within the design (time-based, as the list's) */
const newHeaderId = () => String((lastHeaderId = Math.max(lastHeaderId + 1, Date.now())));

function HeadersEditor({ field, onChange }: { field: FieldConfig; onChange: Change }) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const headers: ComplexHeader[] = Array.isArray(config.complexHeaderList) ? config.complexHeaderList : [];
  const set = (complexHeaderList: ComplexHeader[]) =>
    onChange({ ...field, __config__: { ...config, complexHeaderList } });
  const update = (index: number, patch: Partial<ComplexHeader>) =>
    set(headers.map((h, i) => (i === index ? { ...h, ...patch } : h)));
  const owner = new Map<string, number>();
  headers.forEach((h, i) => (h.childColumns ?? []).forEach((c) => owner.has(c) || owner.set(c, i)));
  const columns = subTableColumns(field);
  return (
    <PanelItem label={t('complexHeaders')}>
      {headers.map((header, index) => {
        const n = index + 1;
        return (
          <div key={header.id || index} role="group" aria-label={`${t('complexHeaders')} ${n}`}>
            <div className={styles.paramRow}>
              <Input
                aria-label={`${t('headerName')} ${n}`}
                placeholder={t('headerName')}
                value={header.fullName ?? ''}
                onChange={(e) => update(index, { fullName: e.target.value })}
              />
              <Select
                aria-label={`${t('align')} ${n}`}
                style={{ width: 90 }}
                value={header.align ?? 'center'}
                options={alignOptions(t)}
                onChange={(align: 'left' | 'center' | 'right') => update(index, { align })}
              />
              <RemoveRowButton
                label={`${t('removeHeader')} ${n}`}
                onClick={() => set(headers.filter((_, i) => i !== index))}
              />
            </div>
            <Select
              mode="multiple"
              aria-label={`${t('childColumns')} ${n}`}
              placeholder={t('childColumns')}
              style={{ width: '100%', marginBottom: 8 }}
              value={header.childColumns ?? []}
              onChange={(childColumns: string[]) => update(index, { childColumns })}
              // a column under another header is not offered again
              options={columns.map((c) => ({
                value: c.__vModel__,
                label: c.__config__.label || c.__vModel__,
                disabled: owner.has(c.__vModel__) && owner.get(c.__vModel__) !== index,
              }))}
            />
          </div>
        );
      })}
      <AddRowButton
        onClick={() => set([...headers, { id: newHeaderId(), fullName: '', align: 'center', childColumns: [] }])}
      >
        {t('addHeader')}
      </AddRowButton>
    </PanelItem>
  );
}

interface ButtonEntry {
  value: string;
  label: string;
  show: boolean;
  [key: string]: unknown;
}

const BUTTONS = {
  columnBtnsList: ['copy', 'remove'],
  footerBtnsList: ['add', 'selectData', 'batchRemove'],
} as const;
type ButtonList = keyof typeof BUTTONS;
type ButtonValue = (typeof BUTTONS)[ButtonList][number];
const BUTTON_TEXT = {
  copy: 'subTableBtn_copy',
  remove: 'subTableBtn_remove',
  add: 'subTableBtn_add',
  selectData: 'subTableBtn_selectData',
  batchRemove: 'subTableBtn_batchRemove',
} as const;

/** the stored list, every known button in it (a design made before the list shows them all) */
function buttonList(field: FieldConfig, list: ButtonList, t: Text): ButtonEntry[] {
  const stored = Array.isArray(field[list]) ? (field[list] as ButtonEntry[]) : [];
  return BUTTONS[list].map((value) => {
    const entry = stored.find((b) => b && b.value === value);
    const label = value === 'add' && typeof field.actionText === 'string' && field.actionText ? field.actionText : '';
    return entry ?? { value, label: label || t(BUTTON_TEXT[value]), show: value !== 'selectData' };
  });
}

function ButtonsEditor({ field, list, onChange }: { field: FieldConfig; list: ButtonList; onChange: Change }) {
  const t = designerTexts.useText();
  const buttons = buttonList(field, list, t);
  const edit = (value: ButtonValue, patch: Partial<ButtonEntry>) => {
    const next = buttons.map((b) => (b.value === value ? { ...b, ...patch } : b));
    const add = next.find((b) => b.value === 'add');
    onChange({
      ...field,
      [list]: next,
      // the add button's text is also the older actionText
      ...(list === 'footerBtnsList' && add ? { actionText: add.label } : {}),
      ...(value === 'selectData' && patch.show !== undefined ? { addType: patch.show ? 1 : 0 } : {}),
    });
  };
  const title = list === 'columnBtnsList' ? t('subTableRowButtons') : t('subTableFooterButtons');
  return (
    <PanelItem label={title}>
      <div role="list" aria-label={title}>
        {buttons.map((button) => {
          const name = t(BUTTON_TEXT[button.value as ButtonValue]);
          return (
            <div key={button.value} role="listitem" className={styles.paramRow}>
              <Switch
                size="small"
                aria-label={name}
                checked={button.value === 'selectData' ? field.addType === 1 && button.show : button.show}
                onChange={(show) => edit(button.value as ButtonValue, { show })}
              />
              <Input
                aria-label={`${name} ${t('buttonText')}`}
                value={button.label}
                onChange={(e) => edit(button.value as ButtonValue, { label: e.target.value })}
              />
            </div>
          );
        })}
      </div>
    </PanelItem>
  );
}

interface RelationOption {
  field: string;
  type: number;
  value: string;
}

/** the select-data dialog: its data interface, chooser and the column mapping */
function ChooserEditor({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: Change;
}) {
  const t = designerTexts.useText();
  const stored: unknown = field.addTableConf ?? field.tableConf;
  const conf =
    stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  // the records of a data interface, or of a released design (its list by modelId)
  const model = conf.dataSource === 'model';
  const setConf = (next: Record<string, unknown>) =>
    onChange({ ...field, addTableConf: { ...next, dataSource: next.dataSource === 'model' ? 'model' : 'dynamic' } });
  // the popup editors edit a popup field's keys: the chooser's keys sit on a stand-in field
  const standIn = {
    ...conf,
    __vModel__: field.__vModel__,
    __config__: { jnpfKey: 'popupSelect', label: '', formId: 0 },
  } as FieldConfig;
  const fromStandIn = (next: FieldConfig) => {
    const { __vModel__: _v, __config__: _c, ...rest } = next;
    setConf(rest);
  };
  const interfaceFields = useResultFields(!model && typeof conf.interfaceId === 'string' ? conf.interfaceId : '');
  const modelId = model && typeof conf.modelId === 'string' ? conf.modelId : '';
  const formFields = useFormFields(modelId);
  const forms = useReleasedForms();
  const resultFields = model
    ? (formFields.data ?? []).map((f) => ({ value: f.vmodel, label: f.label || f.vmodel }))
    : interfaceFields;
  const chosenColumns = Array.isArray(conf.columnOptions) ? (conf.columnOptions as { value?: unknown }[]) : [];
  const options: RelationOption[] = Array.isArray(conf.relationOptions)
    ? (conf.relationOptions as RelationOption[])
    : [];
  const optionOf = (vModel: string) => options.find((o) => o.field === vModel);
  const setOption = (vModel: string, patch: Partial<RelationOption>) => {
    const before = optionOf(vModel) ?? { field: vModel, type: 1, value: '' };
    const next = { ...before, ...patch };
    setConf({
      ...conf,
      relationOptions: [...options.filter((o) => o.field !== vModel), next].filter(
        (o) => o.type === 2 || o.value !== '',
      ),
    });
  };
  return (
    <>
      <PanelItem label={t('chooserSource')} htmlFor="prop-chooser-source">
        <Radio.Group
          id="prop-chooser-source"
          optionType="button"
          value={model ? 'model' : 'dynamic'}
          options={[
            { value: 'dynamic', label: t('chooserFromInterface') },
            { value: 'model', label: t('chooserFromForm') },
          ]}
          // another source names other fields: what was chosen from the old one goes
          onChange={(e) =>
            setConf({
              ...conf,
              dataSource: e.target.value,
              interfaceId: '',
              modelId: '',
              columnOptions: [],
              relationOptions: [],
            })
          }
        />
      </PanelItem>
      {model ? (
        <>
          <PanelItem label={t('chooserForm')} htmlFor="prop-chooser-model">
            <TreeSelect
              id="prop-chooser-model"
              aria-label={t('chooserForm')}
              value={modelId || undefined}
              treeData={releasedFormsTree(forms.data ?? [])}
              treeDefaultExpandAll
              onChange={(next: string) => setConf({ ...conf, modelId: next, columnOptions: [], relationOptions: [] })}
            />
          </PanelItem>
          <PanelItem label={t('chooserColumns')} htmlFor="prop-chooser-columns">
            <Select
              id="prop-chooser-columns"
              aria-label={t('chooserColumns')}
              mode="multiple"
              value={chosenColumns.map((c) => String(c.value))}
              options={resultFields}
              onChange={(values: string[]) =>
                setConf({
                  ...conf,
                  columnOptions: values.map((value) => ({
                    value,
                    label: resultFields.find((f) => f.value === value)?.label ?? value,
                  })),
                })
              }
            />
          </PanelItem>
        </>
      ) : (
        <>
          <PopupInterfaceEditor field={standIn} fields={fields} onChange={fromStandIn} />
          <PopupColumnsEditor field={standIn} onChange={fromStandIn} />
        </>
      )}
      <PopupPagingEditor field={standIn} onChange={fromStandIn} />
      <PopupDialogEditor field={standIn} onChange={fromStandIn} />
      <PanelItem label={t('relationOptions')}>
        <div role="list" aria-label={t('relationOptions')}>
          {subTableColumns(field).map((column) => {
            const vModel = column.__vModel__;
            const option = optionOf(vModel);
            const name = column.__config__.label || vModel;
            return (
              <div key={vModel} role="listitem" className={styles.paramRow}>
                <span style={{ width: 70, flex: 'none' }}>{name}</span>
                <Select
                  aria-label={`${name} ${t('relationType')}`}
                  style={{ width: 100, flex: 'none' }}
                  value={option?.type === 2 ? 2 : 1}
                  options={[
                    { value: 1, label: t('relationFromRecord') },
                    { value: 2, label: t('relationFixed') },
                  ]}
                  onChange={(type: number) => setOption(vModel, { type })}
                />
                {option?.type === 2 ? (
                  <Input
                    aria-label={`${name} ${t('relationValue')}`}
                    value={option.value}
                    onChange={(e) => setOption(vModel, { value: e.target.value })}
                  />
                ) : (
                  <AutoComplete
                    aria-label={`${name} ${t('relationValue')}`}
                    style={{ flex: 1 }}
                    value={option?.value ?? ''}
                    options={resultFields}
                    placeholder={t('interfaceFieldPlaceholder')}
                    onChange={(value: string) => setOption(vModel, { value })}
                  />
                )}
              </div>
            );
          })}
          {/* a mapping of a column since removed or renamed: shown, to be taken away */}
          {options
            .filter((o) => !subTableColumns(field).some((c) => c.__vModel__ === o.field))
            .map((o) => (
              <div key={`stray-${o.field}`} role="listitem" className={styles.paramRow}>
                <Typography.Text type="danger" style={{ flex: 1 }}>
                  {t('relationStray', { name: o.field })}
                </Typography.Text>
                <Button
                  size="small"
                  aria-label={`${t('relationStrayRemove')} ${o.field}`}
                  onClick={() => setConf({ ...conf, relationOptions: options.filter((x) => x !== o) })}
                >
                  {t('relationStrayRemove')}
                </Button>
              </div>
            ))}
        </div>
      </PanelItem>
    </>
  );
}

/** what a sub-table's panel shows below its total row */
export function SubTableExtras({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: Change;
}) {
  return (
    <>
      <HeadersEditor field={field} onChange={onChange} />
      <ButtonsEditor field={field} list="columnBtnsList" onChange={onChange} />
      <ButtonsEditor field={field} list="footerBtnsList" onChange={onChange} />
      {field.addType === 1 && <ChooserEditor field={field} fields={fields} onChange={onChange} />}
    </>
  );
}
