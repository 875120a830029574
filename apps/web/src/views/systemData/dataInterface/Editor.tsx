// The data-interface editor, full screen (loaded on demand with CodeMirror): tabs for the basics, the data
// configuration of the kind (SQL on a data connection, static JSON, a remote API), the count and echo queries
// of a paged SQL interface, the parameters and result fields, the JavaScript transforms and a preview.
// 保存 creates or updates and stays open (a new interface can be previewed once saved); a refused save keeps
// everything as typed. Closing with unsaved changes asks first.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  applyServerErrors,
  LoadError,
  maxLength,
  required,
  showFailure,
  showServerSuccess,
  sortCodeRule,
  SORT_CODE_MAX,
  useDictionary,
} from '../../../components/admin';
import { switchItemProps } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { feedback } from '../../../platform/feedback';
import { interfaceApi, interfaceKeys, type InterfaceKind, type InterfaceParam } from './api';
import { ApiPane, ScriptPane, SqlPane, StaticPane } from './ConfigPanes';
import { FieldsTable, mergeFields, ParamsTable } from './ConfigTables';
import {
  fromInfo,
  newBase,
  newDraft,
  pageable,
  problemsOf,
  toBody,
  type BaseValues,
  type Draft,
  type Problem,
} from './model';
import { PreviewPane } from './PreviewPane';
import { texts } from './texts';

export type EditorTarget = { id: string } | { kind: InterfaceKind; category?: string };

type TabKey = 'base' | 'config' | 'count' | 'echo' | 'params' | 'process' | 'preview';

/** the tab where a problem is fixed */
const PROBLEM_TAB: Record<Problem, TabKey> = {
  sqlRequired: 'config',
  countSqlRequired: 'count',
  echoSqlRequired: 'echo',
  staticRequired: 'config',
  staticInvalid: 'config',
  urlRequired: 'config',
  apiParamNameRequired: 'config',
  paramNameRequired: 'params',
  paramNameDuplicate: 'params',
  paramNameAt: 'params',
  fieldRequired: 'params',
};

export default function InterfaceEditor({
  target,
  onClose,
  onSaved,
}: {
  target: EditorTarget;
  onClose: () => void;
  /** after each successful save (the list reloads) */
  onSaved?: () => void;
}) {
  const t = texts.useText();
  const f = fieldTexts.useText();
  const client = useQueryClient();
  const [form] = Form.useForm<BaseValues>();
  const [modal, holder] = Modal.useModal();
  const initialId = 'id' in target ? target.id : null;
  const [savedId, setSavedId] = useState<string | null>(initialId);
  const [version, setVersion] = useState<number | undefined>();
  const [base, setBase] = useState<BaseValues>(() =>
    'kind' in target ? newBase(target.kind, target.category) : newBase(2),
  );
  const [draft, setDraft] = useState<Draft>(newDraft);
  /** the parameters as last saved: what the preview runs with */
  const [savedParams, setSavedParams] = useState<InterfaceParam[]>([]);
  const [ready, setReady] = useState(initialId === null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [tab, setTab] = useState<TabKey>('base');
  const [readingFields, setReadingFields] = useState(false);
  const categories = useDictionary('DataInterfaceType');

  const info = useQuery({
    queryKey: ['systemData', 'dataInterface', 'info', initialId],
    queryFn: () => interfaceApi.info(initialId!),
    enabled: initialId !== null,
    gcTime: 0,
    staleTime: 0,
  });
  useEffect(() => {
    if (!info.data || ready) return;
    const read = fromInfo(info.data);
    setBase(read.base);
    setDraft(read.draft);
    setSavedParams(read.draft.params);
    setVersion(info.data.version);
    // the form mounts once ready, with these values as its initial ones
    setReady(true);
  }, [info.data, ready]);

  const change = (update: (draft: Draft) => Draft) => {
    setDraft(update);
    setDirty(true);
  };
  const paged = pageable(base) && base.hasPage === 1;

  const save = async () => {
    let values: BaseValues;
    try {
      values = { ...base, ...(await form.validateFields()) };
    } catch {
      setTab('base');
      return;
    }
    const found = problemsOf(values, draft);
    setProblems(found);
    if (found.length > 0) {
      setTab(PROBLEM_TAB[found[0]!]);
      return;
    }
    setSaving(true);
    try {
      const body = toBody(values, draft);
      const result = savedId
        ? await interfaceApi.update(savedId, { ...body, ...(version === undefined ? {} : { version }) })
        : await interfaceApi.create(body);
      showServerSuccess(result);
      const id = savedId ?? idOf(result.data);
      if (id) {
        setSavedId(id);
        // the next save sends the version this one made
        void interfaceApi.info(id).then(
          (fresh) => setVersion(fresh.version),
          () => undefined,
        );
      }
      setSavedParams(draft.params);
      setDirty(false);
      void client.invalidateQueries({ queryKey: interfaceKeys.list });
      onSaved?.();
    } catch (error) {
      // everything typed stays; a field refusal goes to its field
      applyServerErrors(form, error);
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const readFields = async () => {
    if (!savedId) return;
    setReadingFields(true);
    try {
      const keys = await interfaceApi.fields(
        savedId,
        savedParams.map((p) => ({ field: p.field, defaultValue: p.defaultValue })),
      );
      change((d) => ({ ...d, fields: mergeFields(d.fields, keys) }));
      feedback.success(t('fieldsRead', { n: keys.length }), 1.5);
    } catch (error) {
      showFailure(error);
    } finally {
      setReadingFields(false);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    void modal.confirm({ title: t('close'), content: t('unsavedTip'), onOk: onClose, okText: t('close') });
  };

  const tabs = useMemo(() => {
    const items: { key: TabKey; label: string }[] = [
      { key: 'base', label: t('tabBase') },
      { key: 'config', label: t('tabConfig') },
    ];
    if (paged && base.type === 1) items.push({ key: 'count', label: t('tabCount') });
    if (paged) items.push({ key: 'echo', label: t('tabEcho') });
    items.push({ key: 'params', label: t('tabParams') });
    if (base.type !== 2) items.push({ key: 'process', label: t('tabProcess') });
    items.push({ key: 'preview', label: t('tabPreview') });
    return items;
  }, [paged, base.type, t]);
  // a tab that went away (kind or paging changed) falls back to the basics
  useEffect(() => {
    if (!tabs.some((item) => item.key === tab)) setTab('base');
  }, [tabs, tab]);

  const title = `${savedId ? t('editorEdit') : t('editorAdd')}${base.fullName ? ` · ${base.fullName}` : ''}`;
  const loading = initialId !== null && !ready;

  const basePane = (
    <Form<BaseValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      initialValues={base}
      style={{ maxWidth: 720, margin: '0 auto' }}
      onValuesChange={(_changed, all) => {
        setBase((current) => ({ ...current, ...all }));
        setDirty(true);
      }}
    >
      <Form.Item
        name="fullName"
        label={t('fullName')}
        rules={[required(t('nameRequired')), maxLength(t('tooLong', { n: 50 }))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="enCode"
        label={t('enCode')}
        rules={[required(t('codeRequired')), maxLength(t('tooLong', { n: 50 }))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('categoryRequired') }]}>
        {categories.isTree ? (
          <TreeSelect treeData={categories.options} loading={categories.isLoading} treeDefaultExpandAll showSearch />
        ) : (
          <Select
            options={categories.options}
            loading={categories.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
          />
        )}
      </Form.Item>
      <Form.Item name="type" label={t('type')}>
        <Radio.Group
          onChange={(event) => {
            const type = event.target.value as InterfaceKind;
            form.setFieldsValue({ action: type === 1 ? 3 : null, hasPage: 0 });
            setBase((current) => ({ ...current, type, action: type === 1 ? 3 : null, hasPage: 0 }));
          }}
          options={[
            { value: 1, label: t('kindSql') },
            { value: 2, label: t('kindStatic') },
            { value: 3, label: t('kindApi') },
          ]}
        />
      </Form.Item>
      {base.type === 1 && (
        <Form.Item name="action" label={t('action')}>
          <Radio.Group
            onChange={(event) => {
              if (event.target.value !== 3) form.setFieldsValue({ hasPage: 0 });
            }}
            options={[
              { value: 3, label: t('actionQuery') },
              { value: 1, label: t('actionInsert') },
              { value: 2, label: t('actionUpdate') },
              { value: 4, label: t('actionDelete') },
            ]}
          />
        </Form.Item>
      )}
      {pageable(base) && (
        <Form.Item name="hasPage" label={t('hasPage')} {...switchItemProps} extra={t('hasPageHint')}>
          <Switch disabled={base.isPostPosition === 1} />
        </Form.Item>
      )}
      {base.type === 3 && (
        <Form.Item
          name="isPostPosition"
          label={t('isPostPosition')}
          {...switchItemProps}
          extra={t('isPostPositionHint')}
        >
          <Switch disabled={base.hasPage === 1} />
        </Form.Item>
      )}
      <Form.Item name="sortCode" label={f('sortCode')} rules={[sortCodeRule(f('sortRange'))]}>
        <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabledMark" label={t('state')} {...switchItemProps}>
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={f('description')} rules={[maxLength(f('descriptionTooLong'), 500)]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </Form>
  );

  const configPane =
    base.type === 1 ? (
      <SqlPane
        config={draft.config}
        onChange={(config) => change((d) => ({ ...d, config }))}
        params={draft.params}
        kind="config"
        paged={paged}
        label={t('sql')}
      />
    ) : base.type === 2 ? (
      <StaticPane config={draft.config} onChange={(config) => change((d) => ({ ...d, config }))} />
    ) : (
      <ApiPane
        config={draft.config}
        onChange={(config) => change((d) => ({ ...d, config }))}
        params={draft.params}
        paged={paged}
      />
    );

  const paramsPane = (
    <div style={{ display: 'grid', gap: 24 }}>
      {base.type !== 2 && (
        <section>
          <Typography.Title level={5}>{t('params')}</Typography.Title>
          <ParamsTable rows={draft.params} onChange={(params) => change((d) => ({ ...d, params }))} />
        </section>
      )}
      <section>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={5}>{t('fields')}</Typography.Title>
          <Tooltip title={savedId ? undefined : t('needSave')}>
            <Button size="small" disabled={!savedId} loading={readingFields} onClick={() => void readFields()}>
              {t('getFields')}
            </Button>
          </Tooltip>
        </Space>
        <FieldsTable rows={draft.fields} onChange={(fields) => change((d) => ({ ...d, fields }))} />
      </section>
    </div>
  );

  const processPane = (
    <>
      <ScriptPane
        value={draft.dataJs}
        onChange={(dataJs) => change((d) => ({ ...d, dataJs }))}
        label={t('dataJs')}
        hint={t('dataJsHint')}
      />
      {base.type === 3 && (
        <ScriptPane
          value={draft.dataException}
          onChange={(dataException) => change((d) => ({ ...d, dataException }))}
          label={t('dataException')}
          hint={t('dataExceptionHint')}
        />
      )}
    </>
  );

  const previewPane = savedId ? (
    <>
      {dirty && <Alert type="warning" showIcon title={t('previewDirty')} style={{ marginBottom: 12 }} />}
      <PreviewPane interfaceId={savedId} params={savedParams} />
    </>
  ) : (
    <Alert type="info" showIcon title={t('previewNeedSave')} />
  );

  const panes: Record<TabKey, ReactNode> = {
    base: basePane,
    config: configPane,
    count:
      base.type === 1 ? (
        <SqlPane
          config={draft.count}
          onChange={(count) => change((d) => ({ ...d, count }))}
          params={draft.params}
          kind="count"
          paged={paged}
          label={t('countSql')}
        />
      ) : null,
    echo:
      base.type === 1 ? (
        <SqlPane
          config={draft.echo}
          onChange={(echo) => change((d) => ({ ...d, echo }))}
          params={draft.params}
          kind="echo"
          paged={paged}
          label={t('echoSql')}
        />
      ) : (
        <ApiPane
          config={draft.echo}
          onChange={(echo) => change((d) => ({ ...d, echo }))}
          params={draft.params}
          paged={paged}
        />
      ),
    params: paramsPane,
    process: processPane,
    preview: previewPane,
  };

  return (
    <Modal
      open
      title={title}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{
        container: { padding: 0, borderRadius: 0, height: '100vh', display: 'flex', flexDirection: 'column' },
        header: { padding: '12px 56px 12px 16px', margin: 0, borderBottom: '1px solid #f0f0f0' },
        body: { flex: 1, minHeight: 0, padding: 0, display: 'flex', flexDirection: 'column' },
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
        <>
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 16px' }}>
            <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} items={tabs} style={{ marginBottom: 0 }} />
            <Space>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                {t('save')}
              </Button>
              <Button onClick={close}>{t('close')}</Button>
            </Space>
          </div>
          <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 16, background: '#fff' }}>
            {problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                closable
                onClose={() => setProblems([])}
                title={problems.map((problem) => t(problem)).join('；')}
                style={{ marginBottom: 12 }}
              />
            )}
            {/* the basics stay mounted on the other tabs: saving validates them */}
            <div style={tab === 'base' ? undefined : { display: 'none' }}>{basePane}</div>
            {tab !== 'base' && panes[tab]}
          </div>
        </>
      )}
    </Modal>
  );
}

/** the new record's id in a create's answer: the id itself, or an object holding it */
function idOf(data: unknown): string | null {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object' && typeof (data as { id?: unknown }).id === 'string')
    return (data as { id: string }).id;
  return null;
}
