// The area field (省市区, jnpfKey areaSelect): a cascader over the area list, loaded a level at a time, down to
// the field's level (0 province … 3 street). The value is the path of ids ([province, city, district]), or
// with `multiple` the list of paths; only full paths are kept (down to the level, or to an area with nothing
// below it). A stored value loads the levels it names, so it shows its names at once.
import { areaLevelOf } from '@jnpf/core';
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
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

export function AreaSelectWidget(props: InputWidgetProps) {
  return <AreaCascader {...props} />;
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
