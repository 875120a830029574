// The canvas: the form as it will look, each item selectable. The selected item carries its tools (up,
// down, copy, delete); the keyboard does the same (Alt+↑/↓ move, Delete removes). Items can be dragged
// before another item or into a row, card, sub-table or a pane, panel or cell of a tab, collapse or table grid, and palette keys dropped the same way (a sub-table
// takes only the keys a column may be; the designer's model refuses the others). A sub-table shows its
// title, its columns side by side (each a selectable item: its label over a look-alike of its control), a
// total row when it sums, and its add button. Choosing a tab's pane (its title) selects the tab and makes that pane
// its active one, where a palette click then adds; a click on a pane, a collapse's panel or a table grid's cell
// itself (not on an item in it) selects that part: its properties show, and a palette click adds into it.
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isContainerKey, isContainerPartKey, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { Button, Col, Form, Row } from 'antd';
import {
  createContext,
  memo,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { DragItem, DropTarget } from './dragging';
import { widgetOf } from '../../../../widgets';
import styles from './designer.module.css';
import { FieldMock } from './FieldMock';
import { canStep, idOf, isContainer, isSubTable, type Direction } from './model';
import { RowButton } from './rowButtons';
import { designerTexts } from './texts';

export interface CanvasProps {
  formData: FormDataJson;
  selected: number | null;
  onSelect: (formId: number) => void;
  onStep: (formId: number, direction: Direction) => void;
  onCopy: (formId: number) => void;
  onRemove: (formId: number) => void;
  /** an item changed on the canvas itself (a tab's pane chosen) */
  onChange: (field: FieldConfig) => void;
  onDragStart: (item: DragItem) => void;
  onDrop: (target: DropTarget) => void;
}

/** the selection, and whether the selected item can step up or down */
interface Selection {
  selected: number | null;
  canUp: boolean;
  canDown: boolean;
}

/**
 * a value the canvas's parts read from it (useSyncExternalStore), told when it changes. Not a context value: when
 * a context above the items changes, React looks for its readers inside every item that skipped drawing (500
 * subtrees on each add); the store itself never changes.
 */
class ValueStore<T> {
  private listeners = new Set<() => void>();
  constructor(public current: T) {}
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  notify() {
    for (const listener of this.listeners) listener();
  }
}

/**
 * the selection as the items read it, each only its own part: a click draws again the item left and the item
 * reached, not the list of 500 around them
 */
type SelectionStore = ValueStore<Selection>;

/** the item's part of the selection: 0 not selected, else 1, plus 2 when it can step up and 4 when down */
function useSelection(ctx: ItemContext, formId: number): number {
  return useSyncExternalStore(ctx.selection.subscribe, () => {
    const { selected, canUp, canDown } = ctx.selection.current;
    return selected !== formId ? 0 : 1 | (canUp ? 2 : 0) | (canDown ? 4 : 0);
  });
}

/** the canvas's callbacks, one object for the canvas's life, so unchanged items skip re-rendering */
interface ItemContext extends Omit<CanvasProps, 'formData' | 'selected'> {
  canStep: (formId: number, direction: Direction) => boolean;
  focus: (formId: number) => void;
  selection: SelectionStore;
}

/** what every item receives (the same for all but its field) */
interface ItemProps {
  field: FieldConfig;
  ctx: ItemContext;
  /** a column of a sub-table: a cell of its header row instead of a form item */
  cell?: boolean;
}

/** drop handlers of a zone; `over` marks it while something hovers */
function useDropZone(onDrop: () => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        event.stopPropagation();
        if (!over) setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        event.stopPropagation();
        setOver(false);
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        onDrop();
      },
    },
  };
}

function ItemTools({ field, ctx, canUp, canDown }: ItemProps & { canUp: boolean; canDown: boolean }) {
  const t = designerTexts.useText();
  const id = idOf(field);
  const tool = (label: string, icon: ReactNode, action: () => void, disabled = false, danger = false) => (
    <RowButton
      tooltip
      label={label}
      icon={icon}
      danger={danger}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        action();
      }}
    />
  );
  return (
    <div className={styles.itemTools}>
      {tool(t('moveUp'), <ArrowUpOutlined />, () => ctx.onStep(id, 'up'), !canUp)}
      {tool(t('moveDown'), <ArrowDownOutlined />, () => ctx.onStep(id, 'down'), !canDown)}
      {tool(t('copyField'), <CopyOutlined />, () => ctx.onCopy(id))}
      {tool(t('removeField'), <DeleteOutlined />, () => ctx.onRemove(id), false, true)}
    </div>
  );
}

function ItemList({
  fields,
  gutter,
  ...shared
}: Omit<ItemProps, 'field'> & { fields: readonly FieldConfig[]; gutter: number }) {
  return (
    <Row gutter={gutter}>
      {fields.map((field) => (
        <CanvasItem key={idOf(field)} {...shared} field={field} />
      ))}
    </Row>
  );
}

function ContainerBody(props: ItemProps) {
  const t = designerTexts.useText();
  const { field, cell: _cell, ...shared } = props;
  const { ctx } = shared;
  const children = field.__config__.children ?? [];
  const table = isSubTable(field);
  // a pane, panel or cell of a tab, collapse or table grid: a click on it (not on an item in it) selects it
  const part = isContainerPartKey(field.__config__.jnpfKey);
  const chosen = useSelection(ctx, idOf(field)) !== 0 && part;
  const zone = useDropZone(() => ctx.onDrop({ into: idOf(field) }));
  const className = [
    styles.containerBody,
    table ? styles.subTableBody : '',
    chosen ? styles.selectedPart : '',
    zone.over ? styles.dropTarget : '',
  ]
    .filter(Boolean)
    .join(' ');
  let body: ReactNode;
  if (!children.length)
    body = <div className={styles.containerEmpty}>{t(table ? 'emptySubTable' : 'emptyContainer')}</div>;
  else if (table)
    body = (
      <div className={styles.subTableColumns}>
        {children.map((child) => (
          <CanvasItem key={idOf(child)} {...shared} field={child} cell />
        ))}
      </div>
    );
  else body = <ItemList {...shared} fields={children} gutter={Number(field.gutter ?? 15)} />;
  return (
    <div
      role="group"
      aria-current={chosen || undefined}
      data-form-id={part ? idOf(field) : undefined}
      className={className}
      onClick={
        part
          ? (event) => {
              event.stopPropagation();
              ctx.onSelect(idOf(field));
            }
          : undefined
      }
      {...zone.handlers}
    >
      {body}
    </div>
  );
}

/** a sub-table: title, columns (its container body), total row and add button */
function SubTableBody(props: ItemProps) {
  const t = designerTexts.useText();
  const { field } = props;
  const config = field.__config__;
  return (
    <div className={styles.subTable}>
      {config.showTitle !== false && config.label ? (
        <div className={styles.subTableTitle}>
          {config.required && <span className={styles.requiredMark}>*</span>}
          {config.label}
        </div>
      ) : null}
      <ContainerBody {...props} />
      <div className={styles.mock} inert>
        {config.showSummary && <div className={styles.subTableSummary}>{t('showSummary')}</div>}
        <Button type="link" size="small" icon={<PlusOutlined />}>
          {field.actionText || t('addRow')}
        </Button>
      </div>
    </div>
  );
}

/** a column of a sub-table: its label as the header cell over a look-alike of its control */
function CellBody({ field }: { field: FieldConfig }) {
  const config = field.__config__;
  return (
    <div className={styles.mock} inert>
      <div className={styles.subTableHead}>
        {config.required && <span className={styles.requiredMark}>*</span>}
        {config.label}
      </div>
      <div className={styles.subTableCell}>
        <FieldMock field={field} />
      </div>
    </div>
  );
}

function ItemBody(props: ItemProps) {
  const { field } = props;
  const config = field.__config__;
  if (props.cell) return <CellBody field={field} />;
  if (isSubTable(field)) return <SubTableBody {...props} />;
  const Parts = widgetOf(config.jnpfKey)?.design.Parts;
  // a tab, collapse or table grid: its panes, panels or cells, each a place for items
  if (Parts)
    return (
      <Parts
        field={field}
        renderPart={(part) => <ContainerBody {...props} field={part} />}
        onChange={(next) => {
          // a pane chosen on the canvas (its tab stops the click) selects its tab: a palette click adds there
          props.ctx.onChange(next);
          props.ctx.onSelect(idOf(field));
        }}
      />
    );
  if (isContainerKey(config.jnpfKey)) {
    // a card in its frame under its header, a row bare
    const Frame = widgetOf(config.jnpfKey)?.design.Frame;
    return Frame ? (
      <Frame field={field}>
        <ContainerBody {...props} />
      </Frame>
    ) : (
      <ContainerBody {...props} />
    );
  }
  const mock = <FieldMock field={field} />;
  return (
    <div className={styles.mock} inert>
      {config.showLabel === false ? (
        mock
      ) : (
        <Form.Item
          label={config.label}
          required={!!config.required}
          labelCol={config.labelWidth ? { flex: `${config.labelWidth}px` } : undefined}
          style={{ marginBottom: 8 }}
        >
          {mock}
        </Form.Item>
      )}
    </div>
  );
}

/** an item draws again when its field changed; the selection it reads itself (useSelection) */
const CanvasItem = memo(function CanvasItem(props: ItemProps) {
  const { field, ctx } = props;
  const id = idOf(field);
  const config = field.__config__;
  const selection = useSelection(ctx, id);
  const selected = selection !== 0;
  const zone = useDropZone(() => ctx.onDrop({ before: id }));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const direction: Direction = event.key === 'ArrowUp' ? 'up' : 'down';
      if (!ctx.canStep(id, direction)) return;
      ctx.onSelect(id);
      ctx.onStep(id, direction);
      ctx.focus(id);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      ctx.onRemove(id);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      ctx.onSelect(id);
    }
  };

  const className = [
    styles.item,
    props.cell ? styles.cellItem : '',
    selected ? styles.selected : '',
    zone.over ? styles.dropTarget : '',
  ]
    .filter(Boolean)
    .join(' ');
  const item = (
    <div
      role="treeitem"
      aria-label={config.label}
      aria-selected={selected}
      aria-expanded={isContainer(field) ? true : undefined}
      tabIndex={0}
      data-form-id={id}
      className={className}
      draggable
      onDragStart={(event) => {
        event.stopPropagation();
        event.dataTransfer?.setData('text/plain', String(id));
        ctx.onDragStart({ kind: 'move', formId: id });
      }}
      onClick={(event) => {
        event.stopPropagation();
        ctx.onSelect(id);
      }}
      onKeyDown={onKeyDown}
      {...zone.handlers}
    >
      {selected && <ItemTools {...props} canUp={(selection & 2) !== 0} canDown={(selection & 4) !== 0} />}
      <ItemBody {...props} />
    </div>
  );
  return props.cell ? (
    item
  ) : (
    <Col span={config.span ?? 24} className={styles.canvasCol}>
      {item}
    </Col>
  );
});

/** what the canvas's tree draws: read from its store, so that the form around it need not draw again */
interface TreeState {
  fields: readonly FieldConfig[];
  gutter: number;
  shared: Omit<ItemProps, 'field'>;
  emptyText: string;
}

/** the canvas's store of what its tree draws (the same object for the canvas's life) */
const TreeStoreContext = createContext<ValueStore<TreeState> | null>(null);

function CanvasTree() {
  const store = useContext(TreeStoreContext)!;
  const state = useSyncExternalStore(store.subscribe, () => store.current);
  return state.fields.length ? (
    <ItemList {...state.shared} fields={state.fields} gutter={state.gutter} />
  ) : (
    <div className={styles.empty}>{state.emptyText}</div>
  );
}

/** one element for the canvas's life: the form's own re-rendering never reaches the tree through its children */
const canvasTree = <CanvasTree />;

/**
 * the antd form around the items, drawn again only when its layout changes. antd's Form gives its items a new
 * context on every render (its merged tooltip is a new object each time), which would draw every Form.Item of a
 * 500-field design again on each click and keystroke; the items read the design through the tree's store instead.
 */
const CanvasForm = memo(function CanvasForm({
  layout,
  labelAlign,
  labelCol,
  size,
  label,
}: {
  layout: 'vertical' | 'horizontal';
  labelAlign: 'left' | 'right';
  labelCol: { flex: string } | undefined;
  size: 'small' | 'middle' | 'large';
  label: string;
}) {
  return (
    <Form component="div" layout={layout} labelAlign={labelAlign} labelCol={labelCol} labelWrap size={size}>
      <div role="tree" aria-label={label}>
        {canvasTree}
      </div>
      <div className={styles.endZone} />
    </Form>
  );
});

export function Canvas(props: CanvasProps) {
  const t = designerTexts.useText();
  const root = useRef<HTMLDivElement>(null);
  const { formData, selected } = props;
  // the callbacks read the latest props through a ref, so that the context object never changes
  const latest = useRef(props);
  latest.current = props;
  const canUp = selected !== null && canStep(formData.fields, selected, 'up');
  const canDown = selected !== null && canStep(formData.fields, selected, 'down');
  const [selection] = useState<SelectionStore>(() => new ValueStore({ selected, canUp, canDown }));
  const current = selection.current;
  const selectionChanged = current.selected !== selected || current.canUp !== canUp || current.canDown !== canDown;
  // the items drawn below in this render read the new selection; those that skip drawing hear of it after
  if (selectionChanged) selection.current = { selected, canUp, canDown };
  useLayoutEffect(() => {
    selection.notify();
  }, [selection, selected, canUp, canDown]);
  const ctx = useMemo<ItemContext>(
    () => ({
      onSelect: (formId) => latest.current.onSelect(formId),
      onStep: (formId, direction) => latest.current.onStep(formId, direction),
      onCopy: (formId) => latest.current.onCopy(formId),
      onRemove: (formId) => latest.current.onRemove(formId),
      onChange: (field) => latest.current.onChange(field),
      onDragStart: (item) => latest.current.onDragStart(item),
      onDrop: (target) => latest.current.onDrop(target),
      canStep: (formId, direction) => canStep(latest.current.formData.fields, formId, direction),
      // a moved item may be rendered in another list; give it the focus back once it is there
      focus: (formId) =>
        void setTimeout(() => root.current?.querySelector<HTMLElement>(`[data-form-id="${formId}"]`)?.focus()),
      selection,
    }),
    [selection],
  );
  const zone = useDropZone(() => ctx.onDrop({ into: null }));
  const emptyText = t('emptyCanvas');
  const gutter = Number(formData.gutter ?? 15);
  const tree = useMemo<TreeState>(
    () => ({ fields: formData.fields, gutter, shared: { ctx }, emptyText }),
    [formData.fields, gutter, ctx, emptyText],
  );
  const [treeStore] = useState(() => new ValueStore(tree));
  // the tree draws again before the browser paints (a layout effect's update is drawn at once)
  useLayoutEffect(() => {
    if (treeStore.current === tree) return;
    treeStore.current = tree;
    treeStore.notify();
  }, [treeStore, tree]);
  const position = formData.labelPosition ?? 'right';
  const labelWidth = formData.labelWidth ?? 100;
  const labelCol = useMemo(
    () => (position === 'top' ? undefined : { flex: `${labelWidth}px` }),
    [position, labelWidth],
  );
  return (
    <div className={styles.canvasPane}>
      <div className={styles.canvasHint}>{t('keyboardHint')}</div>
      <div ref={root} className={`${styles.canvas} ${zone.over ? styles.dropTarget : ''}`} {...zone.handlers}>
        <TreeStoreContext.Provider value={treeStore}>
          <CanvasForm
            layout={position === 'top' ? 'vertical' : 'horizontal'}
            labelAlign={position === 'left' ? 'left' : 'right'}
            labelCol={labelCol}
            size={formData.size === 'small' || formData.size === 'large' ? formData.size : 'middle'}
            label={t('canvas')}
          />
        </TreeStoreContext.Provider>
      </div>
    </div>
  );
}
