// The area field (省市区, jnpfKey areaSelect): a select showing the held paths by name (北京市/东城区) that opens the
// area dialog, an area tree read a level at a time down to the field's level (0 province … 3 street). The value is
// the path of ids ([province, city, district]), or with `multiple` the list of paths; only full paths are kept
// (down to the level, or to an area with nothing below it). The list search keeps the cascader (AreaCascader),
// where a path may stop at any level.
import { areaLevelOf } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Empty, Select, Spin, Tree, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PickerDialog, type Picked } from '../components/pickers/PickerDialog';
import { pickerTexts } from '../components/pickers/texts';
import { http } from '../platform/request';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

const TOP = '-1';

/** the enabled areas under `parentId`; those at the field's level are leaves */
async function childrenOf(parentId: string, depth: number, level: number): Promise<AreaOption[]> {
  const { data } = await http.post<{ list: { id: string; fullName: string; isLeaf: boolean }[] }>(
    '/api/system/Area/SelectorNew',
    { pid: parentId },
  );
  return (data?.list ?? []).map((r) => ({ value: r.id, label: r.fullName, isLeaf: r.isLeaf || depth >= level }));
}

/** the options with `children` set at the option the path leads to */
export function attachChildren(options: AreaOption[], path: readonly string[], children: AreaOption[]): AreaOption[] {
  if (!path.length) return children;
  const [head, ...rest] = path;
  return options.map((option) =>
    option.value === head ? { ...option, children: attachChildren(option.children ?? [], rest, children) } : option,
  );
}

const isPath = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

/** the paths a value holds */
export function areaPaths(value: unknown, multiple: boolean): string[][] {
  if (!Array.isArray(value)) return [];
  if (multiple) return value.filter(isPath);
  return isPath(value) && value.length ? [value] : [];
}

interface AreaRow {
  id: string;
  fullName: string;
  isLeaf: boolean;
}

async function areaRows(parentId: string): Promise<AreaRow[]> {
  const { data } = await http.post<{ list: AreaRow[] }>('/api/system/Area/SelectorNew', { pid: parentId });
  return data?.list ?? [];
}

/** the name paths of id paths, in their order (an unknown id left out) */
async function areaNames(paths: string[][]): Promise<string[][]> {
  const { data } = await http.post<string[][]>('/api/system/Area/GetAreaByIds', { idsList: paths });
  return Array.isArray(data) ? data : [];
}

/** a path as one key (the select's and the tree's) */
export const pathKey = (path: readonly string[]) => path.join(',');
const keyPath = (key: string) => (key ? key.split(',') : []);
const PATH_SEP = '/';

const OPENING_KEYS: ReadonlySet<string> = new Set(['Enter', ' ', 'ArrowDown']);
/** a click on the clear icon or a tag's remove icon */
const isRemoval = (target: EventTarget) =>
  target instanceof Element && !!target.closest('.ant-select-clear, .ant-select-selection-item-remove');

/**
 * The area field: a click (Enter, space or the down arrow) opens the dialog unless disabled; clearing or removing a
 * tag changes the value at once. The dialog starts with nothing selected; a pick replaces the selection (single) or
 * is appended, duplicates ignored (multiple); confirm sets (or adds to) the value, cancel leaves it as it was.
 */
export function AreaSelectWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = pickerTexts.useText();
  const level = areaLevelOf(field);
  const multiple = field.multiple === true;
  const paths = useMemo(() => areaPaths(value, multiple), [value, multiple]);
  const keys = paths.map(pathKey);
  // names of paths just picked, so that they show without asking the server
  const remembered = useRef(new Map<string, string>());
  const unknown = paths.filter((path) => !remembered.current.has(pathKey(path)));
  const named = useQuery({
    queryKey: ['areas', 'names', unknown.map(pathKey)],
    queryFn: () => areaNames(unknown),
    enabled: unknown.length > 0,
    staleTime: 60_000,
  });
  const labelOf = (key: string) => {
    const known = remembered.current.get(key);
    if (known) return known;
    const i = unknown.findIndex((path) => pathKey(path) === key);
    const names = i >= 0 ? named.data?.[i] : undefined;
    return names?.length ? names.join(PATH_SEP) : key;
  };
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Picked[]>([]);
  const [keyword, setKeyword] = useState('');
  const off = disabled || field.disabled === true;

  const emit = (next: string[]) => onChange?.(multiple ? next.map(keyPath) : keyPath(next[0] ?? ''));
  const openDialog = () => {
    if (off) return;
    setSelected([]);
    setKeyword('');
    setOpen(true);
  };
  const pick = (picked: Picked) =>
    setSelected((before) =>
      !multiple ? [picked] : before.some((p) => p.value === picked.value) ? before : [...before, picked],
    );
  const confirm = () => {
    for (const p of selected) remembered.current.set(p.value, p.label);
    const picked = selected.map((p) => p.value);
    if (!multiple) emit(picked.length ? picked : keys.slice(0, 1));
    else emit([...keys, ...picked.filter((key) => !keys.includes(key))]);
    setOpen(false);
  };
  return (
    <>
      <div
        style={{ width: '100%' }}
        onClick={(event) => {
          if (!isRemoval(event.target)) openDialog();
        }}
        onKeyDown={(event) => {
          if (off || open || !OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          event.stopPropagation();
          openDialog();
        }}
      >
        <Select
          id={id}
          open={false}
          mode={multiple ? 'multiple' : undefined}
          value={multiple ? keys : keys[0]}
          options={keys.map((key) => ({ value: key, label: labelOf(key) }))}
          placeholder={field.placeholder || t('selectPlaceholder')}
          allowClear={field.clearable !== false}
          disabled={off || undefined}
          loading={named.isLoading && named.fetchStatus !== 'idle'}
          showSearch={false}
          maxTagCount="responsive"
          onClear={() => emit([])}
          onDeselect={(removed: string) => emit(keys.filter((key) => key !== removed))}
          style={{ width: '100%' }}
        />
      </div>
      <PickerDialog
        open={open}
        title={t('selectArea')}
        tabs={[{ key: 'all', label: t('allData') }]}
        tab="all"
        onSearch={setKeyword}
        selected={selected}
        onRemove={(key) => setSelected((before) => before.filter((p) => p.value !== key))}
        onClear={() => setSelected([])}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      >
        <AreaTree level={level} keyword={keyword} label={t('allData')} onPick={pick} />
      </PickerDialog>
    </>
  );
}

interface AreaNodeInfo {
  path: string[];
  names: string[];
  pickable: boolean;
  leaf: boolean;
}

/** the nodes whose name holds the keyword, with the nodes above them (those below a match kept) */
function matching(nodes: readonly TreeDataNode[], keyword: string, open: string[]): TreeDataNode[] {
  return nodes.flatMap((node) => {
    if (String(node.title).includes(keyword)) return [node];
    const children = matching(node.children ?? [], keyword, open);
    if (!children.length) return [];
    open.push(String(node.key));
    return [{ ...node, children }];
  });
}

/**
 * The areas, a level read when its parent opens (a click on the switcher, or on an area that cannot be picked), down
 * to the field's level. An area at the level, or one with nothing below it, is picked by a click. A keyword shows
 * the areas read so far whose name holds it, and the areas above them.
 */
function AreaTree({
  level,
  keyword,
  label,
  onPick,
}: {
  level: number;
  keyword: string;
  label: string;
  onPick: (picked: Picked) => void;
}) {
  // the rows under each path read so far ('' the top)
  const [rows, setRows] = useState<Record<string, AreaRow[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const asked = useRef(new Set<string>());
  const load = useCallback((key: string) => {
    if (asked.current.has(key)) return;
    asked.current.add(key);
    void areaRows(keyPath(key).at(-1) ?? TOP)
      .then((list) => setRows((before) => ({ ...before, [key]: list })))
      .catch(() => asked.current.delete(key))
      .finally(() => key === '' && setLoading(false));
  }, []);
  useEffect(() => load(''), [load]);

  const { data, info } = useMemo(() => {
    const info = new Map<string, AreaNodeInfo>();
    const build = (parent: string[], names: string[]): TreeDataNode[] =>
      (rows[pathKey(parent)] ?? []).map((row) => {
        const path = [...parent, row.id];
        const key = pathKey(path);
        const below = rows[key];
        // the field's level ends the tree; so does an area with nothing below it
        const leaf = row.isLeaf || path.length > level || below?.length === 0;
        const node: AreaNodeInfo = { path, names: [...names, row.fullName], pickable: leaf, leaf };
        info.set(key, node);
        return {
          key,
          title: row.fullName,
          isLeaf: leaf,
          children: !leaf && below ? build(path, node.names) : undefined,
        };
      });
    return { data: build([], []), info };
  }, [rows, level]);

  const [shown, shownOpen] = useMemo(() => {
    if (!keyword) return [data, expanded];
    const open: string[] = [...expanded];
    return [matching(data, keyword, open), [...new Set(open)]];
  }, [data, expanded, keyword]);

  const toggle = (key: string, opening: boolean) => {
    if (opening) load(key);
    setExpanded((before) => (opening ? [...before, key] : before.filter((k) => k !== key)));
  };
  return (
    <div
      aria-label={label}
      style={{
        flex: '1 1 0',
        minHeight: 0,
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        borderRadius: 4,
        overflow: 'auto',
        padding: 8,
      }}
    >
      <Spin spinning={loading}>
        {shown.length ? (
          <Tree
            blockNode
            treeData={shown}
            expandedKeys={shownOpen}
            selectedKeys={[]}
            onExpand={(_keys, { node, expanded: opening }) => toggle(String(node.key), opening)}
            onSelect={(_keys, { node }) => {
              const key = String(node.key);
              const area = info.get(key);
              if (!area) return;
              if (area.pickable) onPick({ value: key, label: area.names.join(PATH_SEP) });
              else toggle(key, !shownOpen.includes(key));
            }}
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </div>
  );
}

/**
 * the area cascader; with `anyLevel` a path may stop above the field's level (a list search finds the records in
 * that province or city), and checking an area with `multiple` gives its own path rather than its children's
 */
export function AreaCascader({
  field,
  id,
  value,
  onChange,
  disabled,
  anyLevel = false,
}: InputWidgetProps & { anyLevel?: boolean }) {
  const level = areaLevelOf(field);
  const multiple = field.multiple === true;
  const [options, setOptions] = useState<AreaOption[]>([]);
  const paths = areaPaths(value, multiple);
  // the levels the stored paths pass through, loaded once each (the first value is what the record holds)
  const [prefixes] = useState(() => {
    const seen = new Set<string>();
    for (const path of paths)
      for (let i = 1; i <= Math.min(path.length - 1, level); i += 1) seen.add(path.slice(0, i).join('/'));
    return [...seen].map((key) => key.split('/'));
  });

  useEffect(() => {
    let live = true;
    void (async () => {
      let tree = await childrenOf(TOP, 0, level);
      // parents before children, so each list lands in the tree its parent is already in
      for (const prefix of [...prefixes].sort((a, b) => a.length - b.length))
        tree = attachChildren(tree, prefix, await childrenOf(prefix.at(-1)!, prefix.length, level));
      if (live) setOptions(tree);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [level, prefixes]);

  const loadData = (selected: AreaOption[]) => {
    const path = selected.map((option) => option.value);
    void childrenOf(path.at(-1)!, path.length, level).then((children) =>
      setOptions((current) => attachChildren(current, path, children)),
    );
  };
  // a path ends at the field's level, or above it at an area with nothing below (北京市/东城区 at level 2)
  const full = (path: unknown[], chosen: AreaOption[] | undefined) =>
    anyLevel ? path.length > 0 : path.length === level + 1 || (path.length > 0 && chosen?.at(-1)?.isLeaf === true);
  const common = {
    id,
    options,
    loadData: (selected: AreaOption[]) => loadData(selected),
    placeholder: field.placeholder ?? widgetTexts.text('selectPlaceholder'),
    allowClear: field.clearable !== false,
    disabled: disabled || field.disabled ? true : undefined,
    style: { width: '100%' },
    showSearch: false,
  };
  if (multiple)
    return (
      <Cascader<AreaOption, 'value'>
        {...common}
        multiple
        showCheckedStrategy={anyLevel ? Cascader.SHOW_PARENT : Cascader.SHOW_CHILD}
        value={paths}
        onChange={(next, chosen) =>
          onChange?.((next ?? []).filter((path, i) => full(path, chosen?.[i])).map((path) => path.map(String)))
        }
      />
    );
  return (
    <Cascader<AreaOption>
      {...common}
      changeOnSelect={anyLevel}
      value={paths[0]}
      onChange={(next, chosen) => onChange?.(next && full(next, chosen) ? next.map(String) : [])}
    />
  );
}
