// Runs a saved interface: a value for each of its parameters (their defaults first), 运行, then the result as
// a table of rows (or JSON), how long the call took, and the server's message when it failed.
import { CaretRightOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Segmented, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { failureMessage } from '../../../platform/request';
import { interfaceApi, type InterfaceParam } from './api';
import { texts } from './texts';

type Outcome = { ok: true; data: unknown; ms: number } | { ok: false; message: string; ms: number };

/** the rows of a result: an array of objects, or the list of a page */
export function rowsOf(data: unknown): Record<string, unknown>[] | null {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list)
      ? (data as { list: unknown[] }).list
      : null;
  if (!list || !list.every((row) => row && typeof row === 'object' && !Array.isArray(row))) return null;
  return list as Record<string, unknown>[];
}

/** the key each result row is shown under (results have no id of their own) */
const ROW_KEY = '__previewRow';

const cell = (value: unknown) =>
  value == null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export function PreviewPane({ interfaceId, params }: { interfaceId: string; params: readonly InterfaceParam[] }) {
  const t = texts.useText();
  const [values, setValues] = useState<Record<string, string>>({});
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [view, setView] = useState<'table' | 'json'>('table');
  useEffect(() => {
    setValues(Object.fromEntries(params.map((p) => [p.field, p.defaultValue ?? ''])));
  }, [params]);

  const run = async () => {
    setRunning(true);
    const started = performance.now();
    try {
      const answer = await interfaceApi.preview(
        interfaceId,
        params.map((p) => ({ field: p.field, defaultValue: values[p.field] ?? '' })),
      );
      setOutcome({ ok: true, data: answer.data, ms: Math.round(performance.now() - started) });
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error), ms: Math.round(performance.now() - started) });
    } finally {
      setRunning(false);
    }
  };

  const rows = useMemo(() => (outcome?.ok ? rowsOf(outcome.data) : null), [outcome]);
  const columns = useMemo(() => {
    const keys = new Set<string>();
    rows?.slice(0, 200).forEach((row) => Object.keys(row).forEach((key) => keys.add(key)));
    return [...keys].map((key) => ({ title: key, dataIndex: key, key, ellipsis: true, width: 160, render: cell }));
  }, [rows]);

  return (
    <div>
      {params.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('noParams')}</Typography.Paragraph>
      ) : (
        <Form layout="horizontal" labelCol={{ flex: '160px' }} labelWrap>
          {params.map((param) => (
            <Form.Item
              key={param.id}
              label={param.fieldName ? `${param.field} (${param.fieldName})` : param.field}
              required={param.required === 1}
              htmlFor={`preview-${param.id}`}
            >
              <Input
                id={`preview-${param.id}`}
                value={values[param.field] ?? ''}
                onChange={(event) => setValues((v) => ({ ...v, [param.field]: event.target.value }))}
              />
            </Form.Item>
          ))}
        </Form>
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<CaretRightOutlined />} loading={running} onClick={() => void run()}>
          {t('run')}
        </Button>
        {outcome && <Typography.Text type="secondary">{t('runTime', { ms: outcome.ms })}</Typography.Text>}
        {rows && <Typography.Text type="secondary">{t('rowCount', { n: rows.length })}</Typography.Text>}
        {outcome?.ok && rows && (
          <Segmented
            value={view}
            onChange={(value) => setView(value as 'table' | 'json')}
            options={[
              { value: 'table', label: t('asTable') },
              { value: 'json', label: t('asJson') },
            ]}
          />
        )}
      </Space>
      {!outcome ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noResult')} />
      ) : !outcome.ok ? (
        <Alert type="error" showIcon title={t('previewFailed')} description={outcome.message} role="alert" />
      ) : rows && view === 'table' ? (
        <Table
          rowKey={ROW_KEY}
          size="small"
          columns={columns}
          dataSource={rows.map((row, index) => ({ ...row, [ROW_KEY]: index }))}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: Math.max(columns.length * 160, 400) }}
          data-testid="preview-rows"
        />
      ) : (
        <pre
          data-testid="preview-json"
          style={{ background: '#f6f8fa', padding: 12, borderRadius: 6, maxHeight: 480, overflow: 'auto', margin: 0 }}
        >
          {JSON.stringify(outcome.data, null, 2)}
        </pre>
      )}
    </div>
  );
}
