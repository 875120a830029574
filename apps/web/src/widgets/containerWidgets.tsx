// The containers of parts: a tab (标签面板) of panes, a collapse (折叠面板) of panels and a table grid (表格布局) of
// rows of cells. Each part's items are laid out by the form (renderItems), so they are fields like any other:
// every pane and panel is rendered even while hidden, so that its fields hold their values and are checked on
// submit; a pane or panel holding a field with an error is marked and brought into view.
import { dataFields, partsOf, type FieldConfig } from '@jnpf/core';
import { Collapse, Form, Tabs } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import styles from './FormRenderer.module.css';
import type { ContainerWidgetProps } from './types';

const nameOf = (part: FieldConfig, index: number) =>
  part.name === undefined || part.name === null || part.name === '' ? String(index + 1) : String(part.name);
const titleOf = (part: FieldConfig, index: number) =>
  typeof part.title === 'string' || typeof part.title === 'number' ? String(part.title) : String(index + 1);

interface Pane {
  name: string;
  title: string;
  items: FieldConfig[];
  /** the record keys of the values its items hold (nested containers included) */
  vModels: string[];
}

function panesOf(field: FieldConfig): Pane[] {
  return partsOf(field).map((part, index) => {
    const items = part.__config__.children ?? [];
    return {
      name: nameOf(part, index),
      title: titleOf(part, index),
      items,
      vModels: dataFields(items).map((f) => f.__vModel__),
    };
  });
}

/** reports (after rendering) the names of the panes whose fields have errors, joined by a line break */
function ErrorProbe({ errored, onChange }: { errored: string; onChange: (errored: string) => void }) {
  useEffect(() => onChange(errored), [errored, onChange]);
  return null;
}

/**
 * The names of the panes holding a field with an error. Re-read whenever the form changes or finishes a check
 * (a shouldUpdate item re-renders on both).
 */
function usePaneErrors(panes: readonly Pane[]): { errored: ReadonlySet<string>; probe: ReactNode } {
  const [joined, setJoined] = useState('');
  const probe = (
    <Form.Item noStyle shouldUpdate>
      {(form) => {
        const errored = panes
          .filter((pane) => pane.vModels.length && form.getFieldsError(pane.vModels).some((f) => f.errors.length))
          .map((pane) => pane.name);
        return <ErrorProbe errored={errored.join('\n')} onChange={setJoined} />;
      }}
    </Form.Item>
  );
  const errored = useMemo(() => new Set(joined ? joined.split('\n') : []), [joined]);
  return { errored, probe };
}

const paneTitle = (pane: Pane, errored: ReadonlySet<string>) =>
  errored.has(pane.name) ? <span className={styles.paneError}>{pane.title}</span> : pane.title;

const TAB_POSITIONS = ['top', 'right', 'bottom', 'left'] as const;
type TabPosition = (typeof TAB_POSITIONS)[number];

export function TabWidget({ field, renderItems }: ContainerWidgetProps) {
  const panes = useMemo(() => panesOf(field), [field]);
  const configured = String(field.__config__.active ?? '');
  const [active, setActive] = useState(() =>
    panes.some((pane) => pane.name === configured) ? configured : (panes[0]?.name ?? ''),
  );
  const { errored, probe } = usePaneErrors(panes);
  // errors that appear in other panes only bring the first of them into view (once: the user may leave it again)
  useEffect(() => {
    setActive((now) =>
      !errored.size || errored.has(now) ? now : (panes.find((pane) => errored.has(pane.name))?.name ?? now),
    );
  }, [errored, panes]);
  const position = (TAB_POSITIONS as readonly unknown[]).includes(field['tab-position'])
    ? (field['tab-position'] as TabPosition)
    : 'top';
  return (
    <div className={styles.container}>
      {probe}
      <Tabs
        activeKey={active}
        onChange={setActive}
        type={field.type === 'card' || field.type === 'border-card' ? 'card' : 'line'}
        tabPlacement={position === 'left' ? 'start' : position === 'right' ? 'end' : position}
        items={panes.map((pane) => ({
          key: pane.name,
          label: paneTitle(pane, errored),
          forceRender: true,
          children: renderItems(pane.items),
        }))}
      />
    </div>
  );
}

const activeNames = (active: unknown): string[] =>
  Array.isArray(active)
    ? active.map(String)
    : active === undefined || active === null || active === ''
      ? []
      : [String(active)];

export function CollapseWidget({ field, renderItems }: ContainerWidgetProps) {
  const panes = useMemo(() => panesOf(field), [field]);
  const accordion = field.accordion === true;
  const [open, setOpen] = useState<string[]>(() => activeNames(field.__config__.active));
  const { errored, probe } = usePaneErrors(panes);
  // a panel holding an error opens (in an accordion, the first such panel alone)
  useEffect(() => {
    if (!errored.size) return;
    setOpen((now) => {
      if (accordion)
        return now.some((name) => errored.has(name)) ? now : [panes.find((p) => errored.has(p.name))!.name];
      const missing = [...errored].filter((name) => !now.includes(name));
      return missing.length ? [...now, ...missing] : now;
    });
  }, [errored, accordion, panes]);
  return (
    <div className={styles.container}>
      {probe}
      <Collapse
        activeKey={open}
        accordion={accordion}
        onChange={(keys) => setOpen(activeNames(keys))}
        items={panes.map((pane) => ({
          key: pane.name,
          label: paneTitle(pane, errored),
          forceRender: true,
          children: renderItems(pane.items),
        }))}
      />
    </div>
  );
}

const BORDER_TYPES: ReadonlySet<string> = new Set(['solid', 'dashed', 'dotted', 'double', 'none']);
const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback;

/** the cells' border: its width (default 1), type (default solid) and colour (default #E2E0E0) */
export function gridBorderOf(field: FieldConfig): string {
  const config = field.__config__;
  const width = typeof config.borderWidth === 'number' && config.borderWidth >= 0 ? config.borderWidth : 1;
  const type =
    typeof config.borderType === 'string' && BORDER_TYPES.has(config.borderType) ? config.borderType : 'solid';
  const color = typeof config.borderColor === 'string' && config.borderColor ? config.borderColor : '#E2E0E0';
  return `${width}px ${type} ${color}`;
}

/** a form row's height: the label's line and the item's bottom margin */
const EMPTY_CELL: CSSProperties = { minHeight: 'calc(var(--label-height, 32px) + 18px)' };

export function TableGridWidget({ field, renderItems }: ContainerWidgetProps) {
  const border = gridBorderOf(field);
  return (
    <table className={styles.tableGrid} style={{ border }}>
      <tbody>
        {partsOf(field).map((row, r) => (
          <tr key={row.__config__.formId ?? r}>
            {partsOf(row)
              // a cell another one spans over (merged) is not drawn
              .filter((cell) => cell.__config__.merged !== true)
              .map((cell, c) => {
                const config = cell.__config__;
                const style: CSSProperties = { border };
                if (typeof config.backgroundColor === 'string' && config.backgroundColor)
                  style.backgroundColor = config.backgroundColor;
                return (
                  <td
                    key={config.formId ?? c}
                    colSpan={positive(config.colspan, 1)}
                    rowSpan={positive(config.rowspan, 1)}
                    style={style}
                  >
                    {config.children?.length ? (
                      renderItems(config.children)
                    ) : (
                      // an empty cell as tall as a form row, so that a row of them does not shrink to a line
                      <div style={EMPTY_CELL} />
                    )}
                  </td>
                );
              })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
