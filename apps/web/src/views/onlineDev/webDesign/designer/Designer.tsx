// The designer of one function, full screen: basic settings, the form design (palette, canvas, property
// panel) and, for a list + form function, the list design. Saving checks the design, sends it (POST the
// first time, PUT afterwards) and keeps the designer open; a refusal's per-field messages are listed.
// Closing with unsaved changes asks first.
import type { OnlineFieldKey } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Space, Spin, Tabs, Tooltip, type FormInstance } from 'antd';
import { memo, useCallback, useDeferredValue, useEffect, useReducer, useRef, useState } from 'react';
import { kitTexts, LoadError, serverFieldErrors, showFailure, showServerSuccess } from '../../../../components/admin';
import { failureMessage, RequestError } from '../../../../platform/request';
import { webDesignApi, webDesignKeys, type BaseInfo } from '../api';
import { BaseFields } from '../BaseFields';
import { baseFromValues, NEW_BASE } from '../NewDesignDialog';
import { Canvas } from './Canvas';
import {
  canRedo,
  canUndo,
  designBody,
  designerReducer,
  draftFromInfo,
  initialDesignerState,
  newDraft,
  type DraftTexts,
} from './designState';
import styles from './designer.module.css';
import type { DragItem, DropTarget } from './dragging';
import { FieldProperties } from './FieldProperties';
import { FormProperties } from './FormProperties';
import { ListDesign } from './ListDesign';
import { findField, listAt, locate } from './model';
import { newFieldTexts } from './newFieldTexts';
import { Palette } from './Palette';
import { designerTexts, type DesignerText } from './texts';
import { isListProblem, validateDesign, type DesignProblem } from './validate';

export type DesignerTarget = { id: string } | { base: BaseInfo };

type TabKey = 'base' | 'form' | 'list';

/** the keys of the basic settings */
const BASE_KEYS: ReadonlySet<string> = new Set([
  'fullName',
  'enCode',
  'category',
  'webType',
  'sortCode',
  'description',
]);

interface ServerProblems {
  msg: string;
  errors: [string, string][];
}

function draftTextsOf(t: DesignerText): DraftTexts {
  return {
    form: { confirm: t('confirm'), cancel: t('cancel'), confirmAndAdd: t('confirmAndAdd') },
    buttons: {
      add: t('btn_add'),
      download: t('btn_download'),
      upload: t('btn_upload'),
      batchRemove: t('btn_batchRemove'),
      edit: t('btn_edit'),
      remove: t('btn_remove'),
      detail: t('btn_detail'),
    },
  };
}

/** is the key going to a text box (which keeps its own undo of what is typed) */
function editsText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/**
 * the basic settings' form, drawn again only when they change: a change of the form design (each keystroke in a
 * property) does not draw it
 */
const BaseSettings = memo(function BaseSettings({
  form,
  initial,
  onChange,
}: {
  form: FormInstance<BaseInfo>;
  initial: BaseInfo;
  onChange: (patch: Partial<BaseInfo>) => void;
}) {
  return (
    <div className={styles.pane}>
      <div className={styles.baseForm}>
        <Form<BaseInfo>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '100px' }}
          labelWrap
          initialValues={initial}
          onValuesChange={(changed: Partial<BaseInfo>, values) => {
            // only what changed, so that a run of typing in one box folds into one undo step
            const all = baseFromValues(values);
            onChange(Object.fromEntries(Object.keys(changed).map((key) => [key, all[key as keyof BaseInfo]])));
          }}
        >
          <BaseFields />
        </Form>
      </div>
    </div>
  );
});

export function Designer({
  target,
  onClose,
  onSaved,
}: {
  target: DesignerTarget;
  onClose: () => void;
  /** after each successful save (the list refreshes) */
  onSaved: () => void;
}) {
  const t = designerTexts.useText();
  const k = kitTexts.useText();
  const [modal, holder] = Modal.useModal();
  const [baseForm] = Form.useForm<BaseInfo>();
  const initialId = 'id' in target ? target.id : null;
  const [id, setId] = useState<string | null>(initialId);
  const [state, dispatch] = useReducer(designerReducer, undefined, () =>
    initialDesignerState(newDraft('base' in target ? target.base : NEW_BASE, draftTextsOf(t))),
  );
  const [ready, setReady] = useState(initialId === null);
  /** the body last saved (null: never saved, every state is unsaved) */
  const [savedBody, setSavedBody] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>('form');
  const [sideTab, setSideTab] = useState<'field' | 'form'>('field');
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<DesignProblem[]>([]);
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);
  const dragging = useRef<DragItem | null>(null);

  const info = useQuery({
    queryKey: webDesignKeys.info(initialId ?? ''),
    queryFn: () => webDesignApi.info(initialId!),
    enabled: initialId !== null,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (!info.data || ready) return;
    const draft = draftFromInfo(info.data, draftTextsOf(t));
    dispatch({ type: 'reset', draft });
    setSavedBody(JSON.stringify(designBody(draft)));
    setReady(true);
  }, [info.data, ready, t]);

  const { draft, selected } = state;
  /** panels keeping their own input state start again from the design after an undo or redo */
  const revision = state.history.revision;
  const fields = draft.formData.fields;
  const webType = draft.base.webType;
  /** the design differs from what was last saved: read on closing only, not on every change of a large design */
  const isDirty = () => savedBody !== JSON.stringify(designBody(draft));
  const selectedField = selected === null ? undefined : findField(fields, selected);
  // while a field's properties are typed, the canvas follows in the background: a keystroke shows in its box
  // without waiting for the canvas of a large design; other changes (add, move, undo) show on it at once
  const deferredFormData = useDeferredValue(draft.formData);
  const canvasFormData = state.history.lastKey?.startsWith('update:') ? deferredFormData : draft.formData;

  // an undo or redo may change the basic settings: their form shows what the design now holds
  const shownRevision = useRef(revision);
  useEffect(() => {
    if (revision === shownRevision.current) return;
    shownRevision.current = revision;
    baseForm.setFieldsValue(draft.base);
  }, [revision, draft.base, baseForm]);

  useEffect(() => {
    if (webType !== 2 && tab === 'list') setTab('form');
  }, [webType, tab]);

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (⌘ on a Mac) undo and redo the design, except where the keys edit text
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      const redo = key === 'y' || (key === 'z' && event.shiftKey);
      if (key !== 'z' && key !== 'y') return;
      if (editsText(event.target)) return;
      event.preventDefault();
      dispatch({ type: redo ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    if (!isDirty()) {
      onClose();
      return;
    }
    modal.confirm({
      title: k('tip'),
      content: t('closeTip'),
      type: 'warning',
      okText: k('confirm'),
      cancelText: k('cancel'),
      onOk: onClose,
    });
  };

  const addKey = useCallback(
    (key: OnlineFieldKey, slot?: { parentId: number | null; index: number }) => {
      dispatch({ type: 'add', key, texts: newFieldTexts(t, key), slot });
      setSideTab('field');
    },
    [t],
  );
  const changeBase = useCallback((patch: Partial<BaseInfo>) => dispatch({ type: 'base', patch, at: Date.now() }), []);
  // the palette's callbacks stay the same, so that it does not draw again on each change of the design
  const addFromPalette = useCallback((key: OnlineFieldKey) => addKey(key), [addKey]);
  const dragFromPalette = useCallback((item: DragItem) => {
    dragging.current = item;
  }, []);

  const drop = (where: DropTarget) => {
    const item = dragging.current;
    dragging.current = null;
    if (!item) return;
    if (item.kind === 'new') {
      const slot =
        'before' in where
          ? (locate(fields, where.before) ?? undefined)
          : { parentId: where.into, index: listAt(fields, where.into).length };
      addKey(item.key, slot);
    } else if ('before' in where) {
      dispatch({ type: 'moveBefore', formId: item.formId, targetId: where.before });
    } else {
      dispatch({ type: 'moveInto', formId: item.formId, containerId: where.into });
    }
  };

  const showProblem = (problem: DesignProblem) => {
    if (isListProblem(problem)) setTab('list');
    else setTab('form');
    if (problem.formId !== undefined) {
      dispatch({ type: 'select', formId: problem.formId });
      setSideTab('field');
    }
  };

  const save = async () => {
    setProblems([]);
    setServerProblems(null);
    try {
      await baseForm.validateFields();
    } catch {
      setTab('base');
      return;
    }
    const found = validateDesign(draft.formData, draft.columnData, webType);
    if (found.length) {
      setProblems(found);
      showProblem(found[0]!);
      return;
    }
    setSaving(true);
    const sent = designBody(draft);
    try {
      const result = id ? await webDesignApi.update(id, sent) : await webDesignApi.create(sent);
      if (!id && result.data) setId(String(result.data));
      setSavedBody(JSON.stringify(sent));
      showServerSuccess(result);
      onSaved();
    } catch (error) {
      const errors = serverFieldErrors(error);
      if (errors) {
        const entries = Object.entries(errors).map(([path, message]): [string, string] => [path, String(message)]);
        // (failureMessage reads a RequestError as an envelope without msg; the server's msg is in its body)
        const msg = error instanceof RequestError && error.body?.msg ? error.body.msg : failureMessage(error);
        setServerProblems({ msg, errors: entries });
        // messages about the basic settings also go on their fields
        const onBase = entries.filter(([path]) => BASE_KEYS.has(path));
        if (onBase.length) {
          baseForm.setFields(onBase.map(([name, message]) => ({ name: name as keyof BaseInfo, errors: [message] })));
          setTab('base');
        }
      }
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const problemList = (
    <>
      {problems.length > 0 && (
        <Alert
          className={styles.problems}
          type="error"
          showIcon
          closable={{ onClose: () => setProblems([]) }}
          title={t('problemsTitle')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {problems.map((problem, index) => (
                <li key={index}>
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => showProblem(problem)}>
                    {t(`problem_${problem.code}`, { label: problem.label ?? '', ...problem.params })}
                  </Button>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {serverProblems && (
        <Alert
          className={styles.problems}
          type="error"
          showIcon
          closable={{ onClose: () => setServerProblems(null) }}
          title={t('serverProblemsTitle', { msg: serverProblems.msg })}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {serverProblems.errors.map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code>: {message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );

  const formDesign = (
    <div className={styles.body}>
      <Palette onAdd={addFromPalette} onDragStart={dragFromPalette} />
      <Canvas
        formData={canvasFormData}
        selected={selected}
        onSelect={(formId) => {
          dispatch({ type: 'select', formId });
          setSideTab('field');
        }}
        onStep={(formId, direction) => dispatch({ type: 'step', formId, direction })}
        onCopy={(formId) => dispatch({ type: 'copy', formId })}
        onRemove={(formId) => dispatch({ type: 'remove', formId })}
        onChange={(next) =>
          dispatch({ type: 'update', formId: next.__config__.formId, change: () => next, at: Date.now() })
        }
        onDragStart={(item) => {
          dragging.current = item;
        }}
        onDrop={drop}
      />
      <aside className={styles.props} aria-label={t('fieldTab')}>
        <Tabs
          activeKey={sideTab}
          onChange={(key) => setSideTab(key as 'field' | 'form')}
          items={[
            {
              key: 'field',
              label: t('fieldTab'),
              children: (
                <FieldProperties
                  key={`${selected ?? 'none'}-${revision}`}
                  field={selectedField}
                  fields={fields}
                  onChange={(next) =>
                    dispatch({ type: 'update', formId: next.__config__.formId, change: () => next, at: Date.now() })
                  }
                />
              ),
            },
            {
              key: 'form',
              label: t('formPropsTab'),
              children: (
                <FormProperties
                  key={revision}
                  formData={draft.formData}
                  modelId={id ?? ''}
                  onChange={(patch) => dispatch({ type: 'form', patch, at: Date.now() })}
                />
              ),
            },
          ]}
        />
      </aside>
    </div>
  );

  const baseSettings = <BaseSettings form={baseForm} initial={draft.base} onChange={changeBase} />;

  const title = `${t('title')} · ${draft.base.fullName || t('untitled')}`;
  const loading = initialId !== null && !ready;

  return (
    <Modal
      open
      title={title}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{
        container: { padding: 0, borderRadius: 0, height: '100vh', display: 'flex', flexDirection: 'column' },
        header: { padding: '12px 56px 12px 16px', margin: 0, borderBottom: '1px solid #f0f0f0' },
        body: { flex: 1, minHeight: 0, padding: 0 },
      }}
      footer={null}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {holder}
      {loading ? (
        info.isError ? (
          <LoadError onRetry={() => void info.refetch()} />
        ) : (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        )
      ) : (
        <div className={styles.shell}>
          <div className={styles.header}>
            <Tabs
              className={styles.headerTabs}
              activeKey={tab}
              onChange={(key) => setTab(key as TabKey)}
              items={[
                { key: 'base', label: t('baseTab') },
                { key: 'form', label: t('formTab') },
                ...(webType === 2 ? [{ key: 'list', label: t('listTab') }] : []),
              ]}
            />
            <Space>
              <Tooltip title={t('undoHint')}>
                <Button
                  icon={<UndoOutlined />}
                  aria-label={t('undo')}
                  disabled={!canUndo(state)}
                  onClick={() => dispatch({ type: 'undo' })}
                />
              </Tooltip>
              <Tooltip title={t('redoHint')}>
                <Button
                  icon={<RedoOutlined />}
                  aria-label={t('redo')}
                  disabled={!canRedo(state)}
                  onClick={() => dispatch({ type: 'redo' })}
                />
              </Tooltip>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                {t('save')}
              </Button>
              <Button onClick={close}>{t('close')}</Button>
            </Space>
          </div>
          {problemList}
          {/* stays mounted on the other tabs: saving validates it */}
          <div className={styles.body} style={tab === 'base' ? undefined : { display: 'none' }}>
            {baseSettings}
          </div>
          {tab === 'form' && formDesign}
          {tab === 'list' && (
            <div className={styles.body}>
              <ListDesign
                key={revision}
                fields={fields}
                columnData={draft.columnData}
                modelId={id ?? ''}
                onChange={(columnData) => dispatch({ type: 'columns', columnData, at: Date.now() })}
              />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
