// The grant screen of a permission group: step by step, applications → menus → buttons → columns → forms → data
// schemes, each a tree of what the operator may grant (what they do not hold is shown disabled) with what the group
// holds checked. Each step's tree depends on what is checked at the step before. Saving replaces the target's grants of
// every visited kind: one permission group (PUT Authority/Data/{id}), or in a batch several roles, positions and users
// at once (POST Authority/Data/Batch, starting from nothing held).
import { Button, Drawer, Empty, Space, Spin, Steps, Tree, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LoadError, pause, SAVE_TOAST_SECONDS, showFailure, showServerSuccess } from '../../../components/admin';
import { Auth } from '../../../platform/auth/Auth';
import type { ApiResult, ButtonCode } from '@jnpf/core';
import { permissionGroupApi, type GrantItems, type GrantStep, type StepNode } from './api';
import { texts } from './texts';

export const STEPS: GrantStep[] = ['system', 'module', 'button', 'column', 'form', 'resource'];

interface StepState {
  nodes: StepNode[];
  /** checked leaves and parents (antd's checked keys) */
  checked: string[];
  halfChecked: string[];
  types: Record<string, string>;
  /** every id of the tree */
  all: string[];
}

function toTree(nodes: readonly StepNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    disabled: n.disabled,
    children: n.children?.length ? toTree(n.children) : undefined,
  }));
}

function walk(nodes: readonly StepNode[], visit: (node: StepNode) => void) {
  for (const n of nodes) {
    visit(n);
    if (n.children?.length) walk(n.children, visit);
  }
}

/** the ids of a step's kind that are checked or half checked (a menu whose child is granted is granted) */
export function chosenOf(step: GrantStep, state: StepState): string[] {
  const wanted = step === 'system' ? 'system' : step;
  return [...new Set([...state.checked, ...state.halfChecked])].filter((id) => state.types[id] === wanted);
}

/** whose grants the drawer edits */
export interface GrantTarget {
  /** whose held grants are shown checked; "0" for none (a batch) */
  objectId: string;
  title: string;
  /** the button permission that may save */
  saveCode: ButtonCode;
  save: (items: GrantItems) => Promise<ApiResult<unknown>>;
}

export function GrantDrawer({ target, onClose }: { target?: GrantTarget; onClose: () => void }) {
  const group = target;
  const t = texts.useText();
  const [current, setCurrent] = useState(0);
  const [steps, setSteps] = useState<Partial<Record<GrantStep, StepState>>>({});
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [saving, setSaving] = useState(false);
  const step = STEPS[current]!;
  // the opening on screen now: a save's delayed close and a step's late answer belong to the opening that began them,
  // and are dropped once the drawer was closed by hand or opened again meanwhile
  const shown = useRef(group);
  useLayoutEffect(() => {
    shown.current = group;
  }, [group]);

  const previousIds = useCallback((at: GrantStep, all: Partial<Record<GrantStep, StepState>>): string[] => {
    if (at === 'system') return [];
    if (at === 'module') return all.system ? chosenOf('system', all.system) : [];
    return all.module ? chosenOf('module', all.module) : [];
  }, []);

  const load = useCallback(
    async (at: GrantStep, all: Partial<Record<GrantStep, StepState>>) => {
      if (!group) return;
      setLoading(true);
      setError(false);
      try {
        const tree = await permissionGroupApi.step(group.objectId, at, previousIds(at, all));
        if (shown.current !== group) return;
        const types: Record<string, string> = {};
        const parents = new Set<string>();
        walk(tree.list, (n) => {
          types[n.id] = n.type;
          if (n.children?.length) parents.add(n.id);
        });
        // only leaves are checked as held: antd derives the parents (a parent held with one child of many)
        const leaves = tree.ids.filter((id) => !parents.has(id));
        const half = tree.ids.filter((id) => parents.has(id));
        setSteps((s) => ({
          ...s,
          [at]: { nodes: tree.list, checked: leaves, halfChecked: half, types, all: tree.all },
        }));
      } catch {
        if (shown.current === group) setError(true);
      } finally {
        if (shown.current === group) setLoading(false);
      }
    },
    [group, previousIds],
  );

  useEffect(() => {
    setCurrent(0);
    setSteps({});
    setLoading(false);
    setError(false);
    setSaving(false);
    if (group) void load('system', {});
  }, [group, load]);

  const go = (index: number) => {
    const target = STEPS[index]!;
    setCurrent(index);
    // a step is (re)loaded when entered forward: it depends on the step before
    if (index > current || !steps[target]) void load(target, steps);
  };

  const save = async () => {
    if (!group) return;
    setSaving(true);
    const input: GrantItems = {};
    if (steps.system) input.systemIds = chosenOf('system', steps.system);
    if (steps.module) input.module = chosenOf('module', steps.module);
    if (steps.button) input.button = chosenOf('button', steps.button);
    if (steps.column) input.column = chosenOf('column', steps.column);
    if (steps.form) input.form = chosenOf('form', steps.form);
    if (steps.resource) input.resource = chosenOf('resource', steps.resource);
    try {
      const result = await group.save(input);
      showServerSuccess(result);
      await pause(SAVE_TOAST_SECONDS * 1000);
      if (shown.current === group) onClose();
    } catch (failure) {
      showFailure(failure);
    } finally {
      if (shown.current === group) setSaving(false);
    }
  };

  const state = steps[step];
  const titles = [t('stepSystem'), t('stepModule'), t('stepButton'), t('stepColumn'), t('stepForm'), t('stepResource')];

  return (
    <Drawer
      open={!!group}
      title={group ? group.title : t('authorize')}
      size={720}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button disabled={current === 0 || loading} onClick={() => go(current - 1)}>
            {t('prev')}
          </Button>
          <Button disabled={current === STEPS.length - 1 || loading || error} onClick={() => go(current + 1)}>
            {t('next')}
          </Button>
          <Auth code={group?.saveCode ?? 'btn_auth'}>
            <Button type="primary" loading={saving} disabled={loading || error} onClick={() => void save()}>
              {t('save')}
            </Button>
          </Auth>
        </Space>
      }
    >
      <Steps
        current={current}
        size="small"
        style={{ marginBottom: 16 }}
        items={titles.map((title) => ({ title }))}
        onChange={(index) => {
          if (!loading) go(index);
        }}
      />
      {error ? (
        <LoadError onRetry={() => void load(step, steps)} />
      ) : loading || !state ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : state.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothing')} />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={toTree(state.nodes)}
          checkedKeys={state.checked}
          onCheck={(checked, info) => {
            const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
            const half = (info.halfCheckedKeys ?? []).map(String);
            setSteps((s) => ({ ...s, [step]: { ...s[step]!, checked: keys, halfChecked: half } }));
          }}
        />
      )}
    </Drawer>
  );
}
