// The containers of parts: tab (标签面板, panes tabItem), collapse (折叠面板, panels collapseItem) and tableGrid
// (表格布局, rows tableGridTr of cells tableGridTd). A new one starts with two panes, two panels or a 2×2 grid; the
// property panel adds, renames and removes panes and panels, adds and removes rows and cells, and sets the
// cells' spans and colours and the grid's border. A span marks the cells it covers merged (core's tableGrid
// rules): it is refused, with a message, where it would leave the grid, cut into another span or cover a cell
// holding fields (those stay where they are: the user moves them first). Each part carries its own formId (the canvas drops items into
// it by that id).
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  newContainerPart,
  partsOf,
  removeTableGridCell,
  removeTableGridRow,
  spanTableGridCell,
  tidyTableGrid,
  type ContainerPartKey,
  type FieldConfig,
} from '@jnpf/core';
import { Button, Collapse, ColorPicker, Input, InputNumber, Select, Space, Switch, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { feedback } from '../../platform/feedback';
import { CollapseWidget, TabWidget, TableGridWidget, gridBorderOf } from '../containerWidgets';
import { containerTexts } from '../containerTexts';
import type { CanvasPartsProps, WidgetEntry, WidgetPanelProps } from '../types';
import { LAYOUT_CONFIG } from './parts';
import { PanelItem } from '../panel/PanelItem';

type ContainerText = ReturnType<typeof containerTexts.useText>;

/** a new container's configuration: no label, the whole width, its parts */
const partsConfig = (children: FieldConfig[]) => ({
  ...LAYOUT_CONFIG,
  layout: 'rowFormItem' as const,
  span: 24,
  children,
});
const GRID_BORDER = { borderType: 'solid', borderColor: '#E2E0E0', borderWidth: 1 };
const BORDER_TYPES = ['solid', 'dashed', 'dotted', 'double', 'none'];
const newCell = (formId: number) =>
  newContainerPart('tableGridTd', formId, {}, { merged: false, colspan: 1, rowspan: 1, backgroundColor: '' });
const newRow = (formId: number, cells: number) =>
  newContainerPart(
    'tableGridTr',
    formId,
    {},
    {},
    Array.from({ length: cells }, (_, i) => newCell(formId + 1 + i)),
  );

/** the highest formId of the form (parts included): new parts take the ids after it */
function highestId(fields: readonly FieldConfig[]): number {
  let max = 0;
  for (const field of fields) {
    max = Math.max(max, Number(field.__config__?.formId) || 0, highestId(field.__config__?.children ?? []));
  }
  return max;
}

const withParts = (field: FieldConfig, children: FieldConfig[]): FieldConfig => ({
  ...field,
  __config__: { ...field.__config__, children },
});

function Prop({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <PanelItem label={label} htmlFor={id}>
      {children}
    </PanelItem>
  );
}

/** the panes of a tab or the panels of a collapse: each title and name, add and remove (one stays) */
function PaneList({
  field,
  fields,
  onChange,
  part,
  t,
}: WidgetPanelProps & { part: ContainerPartKey; t: ContainerText }) {
  const panes = partsOf(field);
  const change = (index: number, patch: Record<string, unknown>) =>
    onChange(
      withParts(
        field,
        panes.map((pane, i) => (i === index ? { ...pane, ...patch } : pane)),
      ),
    );
  const add = () => {
    const n = Math.max(0, ...panes.map((pane) => Number(pane.name) || 0)) + 1;
    const title = t(part === 'tabItem' ? 'paneN' : 'panelN', { n });
    const pane = newContainerPart(part, highestId(fields) + 1, { title, name: String(n) });
    onChange(withParts(field, [...panes, pane]));
  };
  return (
    <Prop label={part === 'tabItem' ? t('panes') : t('panels')}>
      {panes.map((pane, index) => (
        <Space.Compact key={pane.__config__.formId} block style={{ marginBottom: 4 }}>
          <Input
            aria-label={`${t('paneTitle')} ${index + 1}`}
            value={String(pane.title ?? '')}
            onChange={(event) => change(index, { title: event.target.value })}
          />
          <Input
            aria-label={`${t('paneName')} ${index + 1}`}
            style={{ width: 80 }}
            value={String(pane.name ?? '')}
            onChange={(event) => change(index, { name: event.target.value })}
          />
          <Button
            aria-label={`${t('removePart')} ${index + 1}`}
            icon={<DeleteOutlined />}
            disabled={panes.length <= 1}
            onClick={() =>
              onChange(
                withParts(
                  field,
                  panes.filter((_, i) => i !== index),
                ),
              )
            }
          />
        </Space.Compact>
      ))}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add}>
        {part === 'tabItem' ? t('addPane') : t('addPanel')}
      </Button>
    </Prop>
  );
}

function TabPanel(props: WidgetPanelProps) {
  const t = containerTexts.useText();
  const { field, onChange } = props;
  return (
    <>
      <Prop label={t('tabType')} id="prop-tabType">
        <Select
          id="prop-tabType"
          value={field.type === 'card' ? 'card' : ''}
          options={[
            { value: '', label: t('tabTypeLine') },
            { value: 'card', label: t('tabTypeCard') },
          ]}
          onChange={(type: string) => onChange({ ...field, type })}
        />
      </Prop>
      <Prop label={t('tabPosition')} id="prop-tabPosition">
        <Select
          id="prop-tabPosition"
          value={typeof field['tab-position'] === 'string' ? field['tab-position'] : 'top'}
          options={(['top', 'bottom', 'left', 'right'] as const).map((value) => ({
            value,
            label: t(`position${value[0]!.toUpperCase()}${value.slice(1)}` as 'positionTop'),
          }))}
          onChange={(position: string) => onChange({ ...field, 'tab-position': position })}
        />
      </Prop>
      <PaneList {...props} part="tabItem" t={t} />
    </>
  );
}

function CollapsePanel(props: WidgetPanelProps) {
  const t = containerTexts.useText();
  const { field, onChange } = props;
  return (
    <>
      <Prop label={t('accordion')} id="prop-accordion">
        <Switch
          id="prop-accordion"
          checked={field.accordion === true}
          onChange={(accordion) => onChange({ ...field, accordion })}
        />
      </Prop>
      <PaneList {...props} part="collapseItem" t={t} />
    </>
  );
}

function TableGridPanel({ field, fields, onChange }: WidgetPanelProps) {
  const t = containerTexts.useText();
  const config = field.__config__;
  const rows = partsOf(field);
  const setConfig = (patch: Record<string, unknown>) => onChange({ ...field, __config__: { ...config, ...patch } });
  // every change of the rows and cells leaves the spans and merged marks consistent (core's tableGrid rules)
  const setRows = (next: FieldConfig[]) => onChange(tidyTableGrid(withParts(field, next)));
  const setCells = (r: number, cells: FieldConfig[]) =>
    setRows(rows.map((row, i) => (i === r ? withParts(row, cells) : row)));
  const setCell = (r: number, c: number, patch: Record<string, unknown>) => {
    const cells = partsOf(rows[r]);
    setCells(
      r,
      cells.map((cell, i) => (i === c ? { ...cell, __config__: { ...cell.__config__, ...patch } } : cell)),
    );
  };
  /** a cell's new spans: the cells it comes to cover are merged, those it leaves drawn again, or a refusal */
  const setSpan = (r: number, c: number, span: { colspan?: number; rowspan?: number }) => {
    const result = spanTableGridCell(field, r, c, span);
    if ('refused' in result) feedback.error(t(result.refused));
    else onChange(result.grid);
  };
  const width = Math.max(1, ...rows.map((row) => partsOf(row).length));
  return (
    <>
      <Prop label={t('borderType')} id="prop-gridBorderType">
        <Select
          id="prop-gridBorderType"
          value={typeof config.borderType === 'string' ? config.borderType : GRID_BORDER.borderType}
          options={BORDER_TYPES.map((value) => ({ value, label: value }))}
          onChange={(borderType: string) => setConfig({ borderType })}
        />
      </Prop>
      <PanelItem label={t('borderColor')}>
        <ColorPicker
          aria-label={t('borderColor')}
          value={typeof config.borderColor === 'string' ? config.borderColor : GRID_BORDER.borderColor}
          showText
          onChangeComplete={(colour) => setConfig({ borderColor: colour.toHexString() })}
        />
      </PanelItem>
      <Prop label={t('borderWidth')} id="prop-gridBorderWidth">
        <InputNumber
          id="prop-gridBorderWidth"
          min={0}
          max={20}
          precision={0}
          value={typeof config.borderWidth === 'number' ? config.borderWidth : GRID_BORDER.borderWidth}
          onChange={(borderWidth) => setConfig({ borderWidth: borderWidth ?? GRID_BORDER.borderWidth })}
        />
      </Prop>
      <Prop label={t('rows')}>
        {rows.map((row, r) => (
          <div key={row.__config__.formId} role="group" aria-label={t('rowN', { n: r + 1 })}>
            <Space wrap style={{ marginBottom: 4 }}>
              <strong>{t('rowN', { n: r + 1 })}</strong>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setCells(r, [...partsOf(row), newCell(highestId(fields) + 1)])}
              >
                {t('addCell')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={rows.length <= 1}
                onClick={() => onChange(removeTableGridRow(field, r))}
              >
                {t('removeRow')}
              </Button>
            </Space>
            {partsOf(row).map((cell, c) => {
              const label = `${t('rowN', { n: r + 1 })} ${t('cellN', { n: c + 1 })}`;
              // a cell another one spans over: no spans of its own (lower that one's to draw it again)
              const merged = cell.__config__.merged === true;
              return (
                <Space.Compact key={cell.__config__.formId} block style={{ marginBottom: 4 }}>
                  <InputNumber
                    aria-label={`${label} ${t('colspan')}`}
                    min={1}
                    max={24}
                    precision={0}
                    prefix="↔"
                    disabled={merged}
                    placeholder={merged ? t('mergedCell') : undefined}
                    value={merged ? null : Number(cell.__config__.colspan) || 1}
                    onChange={(colspan) => setSpan(r, c, { colspan: colspan ?? 1 })}
                  />
                  <InputNumber
                    aria-label={`${label} ${t('rowspan')}`}
                    min={1}
                    max={24}
                    precision={0}
                    prefix="↕"
                    disabled={merged}
                    placeholder={merged ? t('mergedCell') : undefined}
                    value={merged ? null : Number(cell.__config__.rowspan) || 1}
                    onChange={(rowspan) => setSpan(r, c, { rowspan: rowspan ?? 1 })}
                  />
                  <ColorPicker
                    aria-label={`${label} ${t('backgroundColor')}`}
                    allowClear
                    value={typeof cell.__config__.backgroundColor === 'string' ? cell.__config__.backgroundColor : ''}
                    onChangeComplete={(colour) =>
                      setCell(r, c, { backgroundColor: colour.cleared ? '' : colour.toHexString() })
                    }
                    onClear={() => setCell(r, c, { backgroundColor: '' })}
                  />
                  <Button
                    aria-label={`${label} ${t('removePart')}`}
                    icon={<DeleteOutlined />}
                    disabled={partsOf(row).length <= 1}
                    onClick={() => onChange(removeTableGridCell(field, r, c))}
                  />
                </Space.Compact>
              );
            })}
          </div>
        ))}
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => setRows([...rows, newRow(highestId(fields) + 1, width)])}
        >
          {t('addRow')}
        </Button>
      </Prop>
    </>
  );
}

/**
 * a tab on the canvas: its panes, each with its items and a place to drop more; the pane shown is the tab's
 * `active` one (the reference's default pane), which choosing another pane changes, so that a palette click
 * with the tab selected adds into the pane in view
 */
function TabParts({ field, renderPart, onChange }: CanvasPartsProps) {
  const panes = partsOf(field);
  const [local, setLocal] = useState<string>();
  const active = onChange ? String(field.__config__.active ?? '') : local;
  const shown = panes.find((pane) => String(pane.name) === active) ?? panes[0];
  const key = (pane: FieldConfig) => String(pane.__config__.formId);
  return (
    <Tabs
      activeKey={shown && key(shown)}
      onChange={(chosen) => {
        const pane = panes.find((each) => key(each) === chosen);
        if (!pane) return;
        if (onChange) onChange({ ...field, __config__: { ...field.__config__, active: String(pane.name) } });
        else setLocal(String(pane.name));
      }}
      size="small"
      items={panes.map((pane) => ({
        key: key(pane),
        label: String(pane.title ?? ''),
        forceRender: true,
        children: renderPart(pane),
      }))}
    />
  );
}

/** a collapse on the canvas: every panel open */
function CollapseParts({ field, renderPart }: CanvasPartsProps) {
  const panels = partsOf(field);
  return (
    <Collapse
      size="small"
      activeKey={panels.map((panel) => String(panel.__config__.formId))}
      items={panels.map((panel) => ({
        key: String(panel.__config__.formId),
        label: String(panel.title ?? ''),
        children: renderPart(panel),
      }))}
    />
  );
}

/** a table grid on the canvas: its cells with their spans, colours and borders */
function TableGridParts({ field, renderPart }: CanvasPartsProps) {
  const border = gridBorderOf(field);
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', border }}>
      <tbody>
        {partsOf(field).map((row) => (
          <tr key={row.__config__.formId}>
            {partsOf(row)
              .filter((cell) => cell.__config__.merged !== true)
              .map((cell) => (
                <td
                  key={cell.__config__.formId}
                  colSpan={Number(cell.__config__.colspan) || 1}
                  rowSpan={Number(cell.__config__.rowspan) || 1}
                  style={{
                    border,
                    padding: 4,
                    verticalAlign: 'top',
                    background: (cell.__config__.backgroundColor as string) || undefined,
                  }}
                >
                  {renderPart(cell)}
                </td>
              ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const tab: WidgetEntry = {
  kind: 'container',
  Component: TabWidget,
  design: {
    group: 'layoutGroup',
    Parts: TabParts,
    Panel: TabPanel,
    create: (_texts, formId) => ({
      props: { type: '', 'tab-position': 'top' },
      config: {
        ...partsConfig(
          [1, 2].map((n) =>
            newContainerPart('tabItem', formId + n, { title: containerTexts.text('paneN', { n }), name: `${n}` }),
          ),
        ),
        active: '1',
      },
    }),
  },
};

export const collapse: WidgetEntry = {
  kind: 'container',
  Component: CollapseWidget,
  design: {
    group: 'layoutGroup',
    Parts: CollapseParts,
    Panel: CollapsePanel,
    create: (_texts, formId) => ({
      props: { accordion: false },
      config: {
        ...partsConfig(
          [1, 2].map((n) =>
            newContainerPart('collapseItem', formId + n, { title: containerTexts.text('panelN', { n }), name: `${n}` }),
          ),
        ),
        active: ['1'],
      },
    }),
  },
};

export const tableGrid: WidgetEntry = {
  kind: 'container',
  Component: TableGridWidget,
  design: {
    group: 'layoutGroup',
    Parts: TableGridParts,
    Panel: TableGridPanel,
    // two rows of two cells: ids formId+1 (row), +2, +3 (its cells), +4 (row), +5, +6
    create: (_texts, formId) => ({
      config: { ...partsConfig([newRow(formId + 1, 2), newRow(formId + 4, 2)]), ...GRID_BORDER },
    }),
  },
};
