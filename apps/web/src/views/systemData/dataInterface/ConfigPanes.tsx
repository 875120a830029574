// The data-configuration panes of the interface editor: an SQL query on a data connection, static JSON data,
// a remote API call, and the JavaScript transforms. Part of the lazily loaded editor.
import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Form, Input, Radio, Select, Space, Tabs, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { interfaceApi, type InterfaceParam } from './api';
import CodeEditor from './CodeEditor';
import { ApiParamTable } from './ConfigTables';
import { DEFAULT_DB_LINK, jsonError, type ApiData, type BodyType, type DataConfig } from './model';
import { texts } from './texts';

type Text = ReturnType<typeof texts.useText>;

/** the system variables an SQL statement may use, with what each stands for */
function systemVariables(t: Text, kind: 'config' | 'count' | 'echo', paged: boolean) {
  const base = [
    { value: '@snowFlakeID', tip: t('sysSnowFlakeId') },
    { value: '@currentUser', tip: t('sysCurrentUser') },
    { value: '@currentUsersAndSubordinates', tip: t('sysUserAndSubordinates') },
    { value: '@organization', tip: t('sysOrganization') },
    { value: '@currentOrganizationAndSuborganization', tip: t('sysOrganizationAndChildren') },
  ];
  if (!paged) return base;
  if (kind === 'count') return [...base, { value: '@keyword', tip: t('sysKeyword') }];
  if (kind === 'echo')
    return [...base, { value: '@showKey', tip: t('echoSql') }, { value: '@showValue', tip: t('echoSql') }];
  return [
    ...base,
    { value: '@offsetSize', tip: t('sysOffset') },
    { value: '@pageSize', tip: t('sysPageSize') },
    { value: '@keyword', tip: t('sysKeyword') },
  ];
}

export function SqlPane({
  config,
  onChange,
  params,
  kind,
  paged,
  label,
}: {
  config: DataConfig;
  onChange: (config: DataConfig) => void;
  params: readonly InterfaceParam[];
  kind: 'config' | 'count' | 'echo';
  paged: boolean;
  /** the editor's name (SQL语句, 数量统计SQL …) */
  label: string;
}) {
  const t = texts.useText();
  const inserter = useRef<((text: string) => void) | null>(null);
  const sources = useQuery({
    queryKey: ['systemData', 'dataInterface', 'dataSources'],
    queryFn: interfaceApi.dataSources,
  });
  const options = useMemo(() => {
    const list = sources.data ?? [];
    const withDefault = list.some((s) => s.id === DEFAULT_DB_LINK)
      ? list
      : [{ id: DEFAULT_DB_LINK, fullName: t('defaultDb') }, ...list];
    return withDefault.map((s) => ({ value: s.id, label: s.dbType ? `${s.fullName} (${s.dbType})` : s.fullName }));
  }, [sources.data, t]);
  const dbType = sources.data?.find((s) => s.id === config.sqlData.dbLinkId)?.dbType;
  const variables = systemVariables(t, kind, paged);
  const named = params.filter((p) => p.field.trim());
  const setSql = (change: Partial<DataConfig['sqlData']>) =>
    onChange({ ...config, sqlData: { ...config.sqlData, ...change } });
  return (
    <div>
      <Form layout="vertical">
        <Form.Item label={t('dataSource')} htmlFor={`db-${kind}`}>
          <Select
            id={`db-${kind}`}
            value={config.sqlData.dbLinkId}
            loading={sources.isLoading}
            onChange={(dbLinkId: string) => setSql({ dbLinkId })}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ maxWidth: 400 }}
          />
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text strong>{label}</Typography.Text>
        <Space>
          <Typography.Text type="secondary">{t('sqlHint')}</Typography.Text>
          <Dropdown
            trigger={['click']}
            disabled={named.length === 0}
            menu={{
              items: named.map((p) => ({ key: p.field, label: `{${p.field}}${p.fieldName ? ` ${p.fieldName}` : ''}` })),
              onClick: ({ key }) => inserter.current?.(`{${key}}`),
            }}
          >
            <Button size="small">
              {t('insertParam')} <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            trigger={['click']}
            menu={{
              items: variables.map((v) => ({ key: v.value, label: `${v.value}  ${v.tip}` })),
              onClick: ({ key }) => inserter.current?.(key),
            }}
          >
            <Button size="small">
              {t('sysVariables')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      </Space>
      {kind === 'echo' && <Alert type="info" showIcon title={t('echoHint')} style={{ marginBottom: 8 }} />}
      <CodeEditor
        value={config.sqlData.sql}
        onChange={(sql) => setSql({ sql })}
        language={dbType === 'MySQL' ? 'mysql' : 'sql'}
        label={label}
        inserter={inserter}
        height="360px"
      />
    </div>
  );
}

export function StaticPane({ config, onChange }: { config: DataConfig; onChange: (config: DataConfig) => void }) {
  const t = texts.useText();
  const text = config.staticData;
  const error = text.trim() ? jsonError(text) : null;
  return (
    <div>
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{t('staticData')}</Typography.Text>
        <Button
          size="small"
          disabled={!text.trim() || !!error}
          onClick={() => onChange({ ...config, staticData: JSON.stringify(JSON.parse(text), null, 2) })}
        >
          {t('format')}
        </Button>
      </Space>
      <CodeEditor
        value={text}
        onChange={(staticData) => onChange({ ...config, staticData })}
        language="json"
        label={t('staticData')}
        height="420px"
      />
      {text.trim() && (
        <Alert
          style={{ marginTop: 8 }}
          type={error ? 'error' : 'success'}
          showIcon
          title={error ? t('jsonInvalid', { reason: error }) : t('jsonOk')}
        />
      )}
    </div>
  );
}

const BODY_TYPES: { value: BodyType; label: string }[] = [
  { value: 0, label: 'none' },
  { value: 1, label: 'form-data' },
  { value: 2, label: 'x-www-form-urlencoded' },
  { value: 3, label: 'json' },
  { value: 4, label: 'xml' },
];

export function ApiPane({
  config,
  onChange,
  params,
  paged,
}: {
  config: DataConfig;
  onChange: (config: DataConfig) => void;
  params: readonly InterfaceParam[];
  paged: boolean;
}) {
  const t = texts.useText();
  const [tab, setTab] = useState<'header' | 'query' | 'body'>('header');
  const api = config.apiData;
  const set = (change: Partial<ApiData>) => onChange({ ...config, apiData: { ...api, ...change } });
  const names = params.map((p) => p.field).filter(Boolean);
  return (
    <div>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select
          aria-label={t('method')}
          value={api.method}
          onChange={(method: 1 | 2) => set({ method })}
          options={[
            { value: 1, label: 'GET' },
            { value: 2, label: 'POST' },
          ]}
          style={{ width: 100 }}
        />
        <Input
          aria-label={t('url')}
          value={api.url}
          placeholder={t('urlPlaceholder')}
          status={api.url.trim() ? undefined : 'error'}
          onChange={(event) => set({ url: event.target.value })}
        />
      </Space.Compact>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          { key: 'header', label: t('headers') },
          { key: 'query', label: t('query') },
          { key: 'body', label: t('body') },
        ]}
      />
      {tab === 'header' && (
        <ApiParamTable
          rows={api.header}
          onChange={(header) => set({ header })}
          params={names}
          paged={paged}
          label={t('headers')}
        />
      )}
      {tab === 'query' && (
        <ApiParamTable
          rows={api.query}
          onChange={(query) => set({ query })}
          params={names}
          paged={paged}
          label={t('query')}
        />
      )}
      {tab === 'body' && (
        <div>
          <Radio.Group
            aria-label={t('bodyType')}
            value={api.bodyType}
            onChange={(event) => set({ bodyType: event.target.value as BodyType })}
            options={BODY_TYPES}
            style={{ marginBottom: 12 }}
          />
          {api.bodyType === 0 && <Typography.Paragraph type="secondary">{t('noBody')}</Typography.Paragraph>}
          {(api.bodyType === 1 || api.bodyType === 2) && (
            <ApiParamTable
              rows={api.bodyFields}
              onChange={(bodyFields) => set({ bodyFields })}
              params={names}
              paged={paged}
              label={t('body')}
            />
          )}
          {(api.bodyType === 3 || api.bodyType === 4) && (
            <CodeEditor
              value={api.body}
              onChange={(body) => set({ body })}
              language={api.bodyType === 3 ? 'json' : 'text'}
              label={t('body')}
              height="240px"
            />
          )}
        </div>
      )}
    </div>
  );
}

export function ScriptPane({
  value,
  onChange,
  label,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  hint: string;
}) {
  return (
    <div style={{ marginBottom: 16 }}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Space>
      <CodeEditor value={value} onChange={onChange} language="javascript" label={label} height="240px" />
    </div>
  );
}
