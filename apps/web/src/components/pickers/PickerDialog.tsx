// The shell of the picker dialogs (common picker behaviour): 800 px, not closed by the backdrop; a keyword search
// (Enter or the button), optional tabs, the left pane the picker gives, a right pane of what is selected with
// "clear list", cancel and confirm. Where entries of several kinds mix, the selected pane groups them by kind, in the
// order given, each group headed by its icon, name and count, a user shown by its avatar or its name's first letter;
// each entry has its own remove button, reached by Tab like "clear list". Its parts: a flat list, a flat list paged by scrolling (the next page within
// 200 px of the bottom, until a page comes back short) and a lazy tree.
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Input, Modal, Spin, Tabs, Tag, Tree, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SelectorNode } from '../directory/trees';
import { PICKER_PAGE_SIZE, PICKER_SCROLL_THRESHOLD, pickerApi, type PickerItem, type PickerPage } from './api';
import { pickerTexts } from './texts';

/** an entry as the dialog holds it: the value the field stores and what it shows */
export interface Picked {
  value: string;
  label: string;
  organize?: string;
  /** what kind of entry it is (department, role, user…), shown before its name where entries of several kinds mix */
  kind?: string;
  /** the key of the group it is shown under, when the dialog groups the selected entries */
  group?: string;
  /** a user's avatar (a URL), shown in a group drawn with avatars */
  headIcon?: string;
}

/** a group of the selected pane: its key (Picked.group), its name, its icon; `avatars`: its entries are users */
export interface SelectedGroup {
  key: string;
  label: string;
  icon: ReactNode;
  avatars?: boolean;
}

/** both columns as tall, so that the left pane (below the search and the tabs) and the selected pane end level */
const COLUMNS_HEIGHT = 480;
const COLUMN: React.CSSProperties = { display: 'flex', flexDirection: 'column', minHeight: 0 };

/** a pane fills what its column leaves below its header */
const PANE: React.CSSProperties = {
  flex: '1 1 0',
  minHeight: 0,
  border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
  borderRadius: 4,
  overflow: 'auto',
  padding: 8,
};

export interface PickerDialogProps {
  open: boolean;
  title: string;
  tabs?: { key: string; label: string }[];
  tab?: string;
  onTab?: (key: string) => void;
  /** the keyword applied (Enter or the search button), trimmed */
  onSearch: (keyword: string) => void;
  selected: readonly Picked[];
  onRemove: (value: string) => void;
  onClear: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  /** shown instead of the selected entries while they are not known (loading, or a load failure) */
  selectedStatus?: ReactNode;
  /** confirm is busy (a save under way) */
  confirmLoading?: boolean;
  /** confirm cannot be used (what is selected is not known yet) */
  confirmDisabled?: boolean;
  /** the confirm button's text (default: confirm) */
  okText?: string;
  /** shown above the panes (a hint, a refusal) */
  notice?: ReactNode;
  /** the selected entries grouped by kind, in this order (empty groups left out); default: one flat list */
  selectedGroups?: readonly SelectedGroup[];
  children: ReactNode;
}

export function PickerDialog(props: PickerDialogProps) {
  const t = pickerTexts.useText();
  const [draft, setDraft] = useState('');
  const { open, onSearch } = props;
  useEffect(() => {
    if (open) setDraft('');
  }, [open]);
  return (
    <Modal
      open={open}
      title={props.title}
      width={800}
      maskClosable={false}
      destroyOnHidden
      onCancel={props.onCancel}
      onOk={props.onConfirm}
      okText={props.okText ?? t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={props.confirmLoading}
      okButtonProps={{ disabled: props.confirmDisabled }}
    >
      {props.notice}
      <div style={{ display: 'flex', gap: 12, height: COLUMNS_HEIGHT }}>
        <div style={{ ...COLUMN, flex: 1, minWidth: 0 }}>
          <Input.Search
            value={draft}
            allowClear
            placeholder={t('keyword')}
            aria-label={t('keyword')}
            enterButton={<SearchOutlined aria-label={t('search')} />}
            onChange={(event) => {
              setDraft(event.target.value);
              // clearing the box goes back at once
              if (!event.target.value) onSearch('');
            }}
            onSearch={(value) => onSearch(value.trim())}
            style={{ marginBottom: 8, flex: 'none' }}
          />
          {props.tabs && props.tabs.length > 1 && (
            <Tabs
              size="small"
              activeKey={props.tab}
              onChange={props.onTab}
              items={props.tabs}
              style={{ flex: 'none' }}
            />
          )}
          {props.tabs?.length === 1 && (
            <div style={{ padding: '4px 0 8px', fontWeight: 500, flex: 'none' }}>{props.tabs[0]!.label}</div>
          )}
          {props.children}
        </div>
        <div style={{ ...COLUMN, width: 300 }}>
          <div
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              height: 32,
              marginBottom: 8,
              flex: 'none',
            }}
          >
            <span>{t('selected')}</span>
            <Button
              type="link"
              size="small"
              onClick={props.onClear}
              disabled={!props.selected.length || !!props.selectedStatus}
            >
              {t('clearList')}
            </Button>
          </div>
          <div style={PANE} role="list" aria-label={t('selected')}>
            {props.selectedStatus ? (
              props.selectedStatus
            ) : props.selected.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : props.selectedGroups ? (
              <GroupedEntries groups={props.selectedGroups} selected={props.selected} onRemove={props.onRemove} />
            ) : (
              props.selected.map((item) => (
                <SelectedEntry key={item.value} item={item} onRemove={props.onRemove}>
                  {item.kind ? (
                    <Tag bordered={false} color="blue" style={{ marginInlineEnd: 6 }}>
                      {item.kind}
                    </Tag>
                  ) : null}
                  <span style={ENTRY_NAME}>{item.label}</span>
                </SelectedEntry>
              ))
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}

/** one entry of the selected pane: what it shows, and its remove button */
function SelectedEntry({
  item,
  onRemove,
  children,
}: {
  item: Picked;
  onRemove: (value: string) => void;
  children: ReactNode;
}) {
  const t = pickerTexts.useText();
  return (
    <div
      role="listitem"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 4, padding: '4px 0' }}
    >
      <span
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          minWidth: 0,
        }}
        title={item.organize || item.label}
      >
        {children}
      </span>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={`${t('remove')} ${item.label}`}
        onClick={() => onRemove(item.value)}
      />
    </div>
  );
}

const ENTRY_ICON: React.CSSProperties = {
  flex: 'none',
  width: 20,
  height: 20,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'var(--ant-color-primary, #1677ff)',
};
const ENTRY_NAME: React.CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 };

/** the selected entries under their groups' headings (icon, name, count), in the groups' order */
function GroupedEntries({
  groups,
  selected,
  onRemove,
}: {
  groups: readonly SelectedGroup[];
  selected: readonly Picked[];
  onRemove: (value: string) => void;
}) {
  const t = pickerTexts.useText();
  const keys = new Set(groups.map((g) => g.key));
  // an entry of no listed group still shows (last, with its kind), so that it can be removed
  const others = selected.filter((item) => !keys.has(item.group ?? ''));
  const grouped = groups.map((group) => {
    const entries = selected.filter((item) => item.group === group.key);
    if (!entries.length) return null;
    return (
      <div key={group.key} role="none" style={{ marginBottom: 8 }}>
        <div
          role="heading"
          aria-level={3}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            padding: '2px 0 4px',
            fontSize: 12,
            lineHeight: '20px',
            color: 'var(--ant-color-text-secondary, rgba(0,0,0,0.65))',
            borderBottom: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
          }}
        >
          <span aria-hidden style={{ display: 'inline-flex', alignItems: 'center', height: 20 }}>
            {group.icon}
          </span>
          <span>{t('groupCount', { label: group.label, n: entries.length })}</span>
        </div>
        {entries.map((item) => (
          <SelectedEntry key={item.value} item={item} onRemove={onRemove}>
            {group.avatars ? (
              <Avatar size={20} src={item.headIcon || undefined} style={{ flex: 'none', fontSize: 12 }} aria-hidden>
                {Array.from(item.label.trim())[0] ?? '?'}
              </Avatar>
            ) : (
              <span aria-hidden style={ENTRY_ICON}>
                {group.icon}
              </span>
            )}
            <span style={ENTRY_NAME}>{item.label}</span>
          </SelectedEntry>
        ))}
      </div>
    );
  });
  return (
    <>
      {grouped}
      {others.map((item) => (
        <SelectedEntry key={item.value} item={item} onRemove={onRemove}>
          {item.kind ? (
            <Tag bordered={false} color="blue" style={{ marginInlineEnd: 0 }}>
              {item.kind}
            </Tag>
          ) : null}
          <span style={ENTRY_NAME}>{item.label}</span>
        </SelectedEntry>
      ))}
    </>
  );
}

/** a flat list of entries; a click picks one */
export function ItemList({
  items,
  loading,
  onPick,
  label = 'list',
  onScroll,
  footer,
}: {
  items: readonly PickerItem[];
  loading?: boolean;
  onPick: (item: PickerItem) => void;
  label?: string;
  onScroll?: (el: HTMLDivElement) => void;
  footer?: ReactNode;
}) {
  return (
    <div style={PANE} role="listbox" aria-label={label} onScroll={(e) => onScroll?.(e.currentTarget)}>
      <Spin spinning={!!loading}>
        {items.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          items.map((item) => (
            <div
              key={`${item.id}--${item.type ?? ''}`}
              role="option"
              aria-selected={false}
              tabIndex={0}
              title={item.fullName}
              onClick={() => onPick(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onPick(item);
                }
              }}
              style={{ padding: '4px 8px', cursor: 'pointer' }}
            >
              {item.fullName}
              {item.organize ? (
                <div style={{ fontSize: 12, color: 'var(--ant-color-text-tertiary, #999)' }}>{item.organize}</div>
              ) : null}
            </div>
          ))
        )}
        {footer}
      </Spin>
    </div>
  );
}

/**
 * A flat list read a page at a time (`load(page)`): the first page when the key changes, the next one when the list
 * is scrolled within 200 px of its bottom (or "load more" is clicked), until a page comes back short.
 */
export function PagedList({
  load,
  loadKey,
  onPick,
  label,
}: {
  load: (page: number) => Promise<PickerPage>;
  /** a new key starts again from the first page */
  loadKey: string;
  onPick: (item: PickerItem) => void;
  label?: string;
}) {
  const t = pickerTexts.useText();
  const [items, setItems] = useState<PickerItem[]>([]);
  const [loading, setLoading] = useState(false);
  const state = useRef({ page: 0, done: false, busy: false, key: '' });
  const loadRef = useRef(load);
  loadRef.current = load;

  const next = useCallback(async () => {
    const s = state.current;
    if (s.busy || s.done) return;
    s.busy = true;
    setLoading(true);
    const key = s.key;
    const page = s.page + 1;
    try {
      const result = await loadRef.current(page);
      if (state.current.key !== key) return;
      s.page = page;
      s.done = result.list.length < PICKER_PAGE_SIZE || page * PICKER_PAGE_SIZE >= result.total;
      setItems((before) => (page === 1 ? result.list : [...before, ...result.list]));
    } catch {
      s.done = true;
    } finally {
      if (state.current.key === key) {
        s.busy = false;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    state.current = { page: 0, done: false, busy: false, key: loadKey };
    setItems([]);
    void next();
  }, [loadKey, next]);

  const more = !state.current.done && items.length > 0;
  return (
    <ItemList
      items={items}
      loading={loading}
      onPick={onPick}
      label={label}
      onScroll={(el) => {
        if (el.scrollHeight - el.scrollTop - el.clientHeight <= PICKER_SCROLL_THRESHOLD) void next();
      }}
      footer={
        more ? (
          <Button type="link" block size="small" onClick={() => void next()} disabled={loading}>
            {t('loadMore')}
          </Button>
        ) : null
      }
    />
  );
}

function replaceChildren(nodes: TreeDataNode[], key: string, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children, isLeaf: children.length === 0 }
      : node.children
        ? { ...node, children: replaceChildren(node.children, key, children) }
        : node,
  );
}

/** the organisation → user tree, a level read when it opens; a click on a node picks it */
export function LazyUserTree({ onPick, label }: { onPick: (item: PickerItem) => void; label?: string }) {
  const [nodes, setNodes] = useState<TreeDataNode[]>([]);
  const [loading, setLoading] = useState(true);
  const items = useRef(new Map<string, PickerItem>());
  const toNode = useCallback((item: PickerItem): TreeDataNode => {
    const key = `${item.type ?? ''}:${item.id}`;
    items.current.set(key, item);
    return { key, title: item.fullName, isLeaf: item.type === 'user' || item.isLeaf === true };
  }, []);
  useEffect(() => {
    let live = true;
    pickerApi
      .children('0')
      .then((list) => live && setNodes(list.map(toNode)))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [toNode]);
  return (
    <div style={PANE} aria-label={label}>
      <Spin spinning={loading}>
        <Tree
          blockNode
          treeData={nodes}
          selectedKeys={[]}
          loadData={async (node) => {
            const item = items.current.get(String(node.key));
            if (!item || item.type === 'user' || node.children?.length) return;
            const children = (await pickerApi.children(item.id)).map(toNode);
            setNodes((current) => replaceChildren(current, String(node.key), children));
          }}
          onSelect={(_keys, info) => {
            const item = items.current.get(String(info.node.key));
            if (item) onPick(item);
          }}
        />
        {!loading && nodes.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </Spin>
    </div>
  );
}

/**
 * A tree read a level at a time: `load(null)` gives the top, `load(item)` what lies under an item that is not a leaf
 * (`isLeaf`). A click on an item `pickable` allows picks it; the others only group them. An entry may sit under
 * several parents, so its node is keyed by its place.
 */
export function LazyTree({
  load,
  isLeaf,
  pickable,
  label,
  onPick,
}: {
  load: (parent: PickerItem | null) => Promise<PickerItem[]>;
  isLeaf: (item: PickerItem) => boolean;
  pickable: (item: PickerItem) => boolean;
  label: string;
  onPick: (item: PickerItem) => void;
}) {
  const [nodes, setNodes] = useState<TreeDataNode[]>([]);
  const [loading, setLoading] = useState(true);
  const items = useRef(new Map<string, PickerItem>());
  const nodesOf = useCallback(
    (list: PickerItem[], parentKey: string): TreeDataNode[] =>
      list.map((item) => {
        const key = `${parentKey}/${item.type ?? ''}:${item.id}`;
        items.current.set(key, item);
        return { key, title: item.fullName, isLeaf: isLeaf(item), selectable: pickable(item) };
      }),
    [isLeaf, pickable],
  );
  useEffect(() => {
    let live = true;
    load(null)
      .then((list) => live && setNodes(nodesOf(list, '')))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load, nodesOf]);
  return (
    <div style={PANE} aria-label={label}>
      <Spin spinning={loading}>
        <Tree
          blockNode
          treeData={nodes}
          selectedKeys={[]}
          loadData={async (node) => {
            const key = String(node.key);
            const item = items.current.get(key);
            if (!item || isLeaf(item) || node.children?.length) return;
            const children = nodesOf(await load(item), key);
            setNodes((current) => replaceChildren(current, key, children));
          }}
          onSelect={(_keys, info) => {
            const item = items.current.get(String(info.node.key));
            if (item && pickable(item)) onPick(item);
          }}
        />
        {!loading && nodes.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </Spin>
    </div>
  );
}

/** the nodes of a selector tree whose name holds the keyword, with the nodes above them */
function filtered(nodes: readonly SelectorNode[], keyword: string): SelectorNode[] {
  if (!keyword) return [...nodes];
  const lower = keyword.toLowerCase();
  return nodes.flatMap((node) => {
    const children = filtered(node.children ?? [], keyword);
    return node.fullName.toLowerCase().includes(lower) || children.length ? [{ ...node, children }] : [];
  });
}

/**
 * A selector tree (organisations, roles, positions or groups under their organisations or types), read whole and
 * shown a level at a time: the top level open, the rest opened by the user; with a keyword, only the nodes whose name
 * holds it and those above them, all open. A click (or Enter) on a node `pickable` allows picks it; the others only
 * group them.
 */
export function SelectorTree({
  nodes,
  loading,
  pickable,
  keyword,
  label,
  onPick,
}: {
  nodes: readonly SelectorNode[] | undefined;
  loading: boolean;
  pickable: (node: SelectorNode) => boolean;
  keyword: string;
  label: string;
  onPick: (item: PickerItem) => void;
}) {
  const shown = useMemo(() => filtered(nodes ?? [], keyword), [nodes, keyword]);
  const { data, byKey, all } = useMemo(() => {
    const byKey = new Map<string, SelectorNode>();
    const all: string[] = [];
    const toData = (list: readonly SelectorNode[], parent: string): TreeDataNode[] =>
      list.map((node) => {
        const key = `${parent}/${node.id}`;
        byKey.set(key, node);
        const children = node.children?.length ? toData(node.children, key) : undefined;
        if (children) all.push(key);
        return { key, title: node.fullName, selectable: pickable(node), children, isLeaf: !children };
      });
    return { data: toData(shown, ''), byKey, all };
  }, [shown, pickable]);
  return (
    <div style={PANE} aria-label={label}>
      <Spin spinning={loading}>
        {data.length ? (
          <Tree
            key={keyword}
            blockNode
            defaultExpandedKeys={keyword ? all : data.map((n) => n.key)}
            treeData={data}
            selectedKeys={[]}
            onSelect={(_keys, info) => {
              const node = byKey.get(String(info.node.key));
              if (node && pickable(node))
                onPick({ id: node.id, fullName: node.fullName, type: node.type, organize: node.organize });
            }}
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </div>
  );
}

/** the users of the whole directory: a keyword's matching users a page at a time, else the organisation → user tree */
export function UsersPane({
  keyword,
  label,
  onPick,
}: {
  keyword: string;
  label?: string;
  onPick: (item: PickerItem) => void;
}) {
  return keyword ? (
    <PagedList
      label={label}
      loadKey={`users:${keyword}`}
      load={(page) => pickerApi.searchUsers(keyword, page)}
      onPick={onPick}
    />
  ) : (
    <LazyUserTree label={label} onPick={onPick} />
  );
}
