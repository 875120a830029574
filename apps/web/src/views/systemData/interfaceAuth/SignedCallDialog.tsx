// 获取认证: the signed request headers an outside system sends for one GET call of a granted interface
// (Actions/GetAuth), for trying an interface by hand. Each header, the path, all headers at once and a curl
// command can be copied; each request signs anew, and a signature is accepted once within its window.
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { LoadError, showFailure } from '../../../components/admin';
import { feedback } from '../../../platform/feedback';
import { authApi, type AuthRow, type SignedCall } from './api';
import styles from './interfaceAuth.module.css';
import { texts } from './texts';

/** the headers as "Name: value" lines */
export const headerLines = (call: SignedCall) =>
  Object.entries(call.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** a curl command making the call against this site (single quotes kept literal by the shell) */
export function curlOf(call: SignedCall, origin: string) {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const headers = Object.entries(call.headers).map(([name, value]) => ` -H ${quote(`${name}: ${value}`)}`);
  return `curl -X ${call.method}${headers.join('')} ${quote(origin + call.path)}`;
}

function CopyButton({ text, label, onlyIcon = false }: { text: string; label: string; onlyIcon?: boolean }) {
  const t = texts.useText();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      feedback.success(t('copied'));
    } catch {
      feedback.error(t('copyFailed'));
    }
  };
  return (
    <Button
      size="small"
      type={onlyIcon ? 'text' : 'default'}
      icon={<CopyOutlined />}
      aria-label={label}
      title={label}
      onClick={() => void copy()}
    >
      {onlyIcon ? null : label}
    </Button>
  );
}

export function SignedCallDialog({ app, onClose }: { app?: AuthRow; onClose: () => void }) {
  const t = texts.useText();
  const open = !!app;
  const info = useQuery({
    queryKey: ['systemData', 'interfaceAuth', 'info', app?.id],
    queryFn: () => authApi.info(app!.id),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
  });
  const granted = info.data?.list ?? [];
  const [interfaceId, setInterfaceId] = useState<string>();
  const sign = useMutation({
    mutationFn: (id: string) => authApi.signedCall(app!.appId, id),
    onError: showFailure,
  });
  const { reset, mutate } = sign;
  // a fresh dialog starts on the first granted interface, signed at once
  useEffect(() => {
    if (!open) {
      setInterfaceId(undefined);
      reset();
      return;
    }
    const first = info.data?.list?.[0]?.id;
    if (first) {
      setInterfaceId((current) => current ?? first);
    }
  }, [open, info.data, reset]);
  useEffect(() => {
    if (open && interfaceId) mutate(interfaceId);
  }, [open, interfaceId, mutate]);

  const call = sign.data;
  const body = info.isError ? (
    <LoadError onRetry={() => void info.refetch()} />
  ) : info.isLoading ? (
    <div className={styles.loading}>
      <Spin />
    </div>
  ) : granted.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noGranted')} />
  ) : (
    <>
      <Alert type="info" showIcon title={t('getAuthHint')} className={styles.hint} />
      <div className={styles.chooser}>
        <span className={styles.chooserLabel}>{t('authInterface')}</span>
        <Select
          aria-label={t('authInterface')}
          className={styles.chooserSelect}
          value={interfaceId}
          placeholder={t('authInterfaceRequired')}
          showSearch={{ optionFilterProp: 'label' }}
          options={granted.map((g) => ({ value: g.id, label: g.enCode ? `${g.fullName} (${g.enCode})` : g.fullName }))}
          onChange={setInterfaceId}
        />
        <Button
          icon={<ReloadOutlined />}
          disabled={!interfaceId}
          loading={sign.isPending}
          onClick={() => interfaceId && sign.mutate(interfaceId)}
        >
          {t('regenerate')}
        </Button>
      </div>
      {call ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={1}
            className={styles.call}
            items={[
              { key: 'method', label: t('method'), children: call.method },
              {
                key: 'path',
                label: t('path'),
                children: (
                  <Space size={4} className={styles.valueLine}>
                    <Typography.Text code className={styles.value}>
                      {call.path}
                    </Typography.Text>
                    <CopyButton text={call.path} label={`${t('copy')} ${t('path')}`} onlyIcon />
                  </Space>
                ),
              },
              {
                key: 'expires',
                label: t('validUntil'),
                children: dayjs(call.expiresAt).format('YYYY-MM-DD HH:mm:ss'),
              },
            ]}
          />
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            aria-label={t('headers')}
            className={styles.headers}
            tableLayout="fixed"
            dataSource={Object.entries(call.headers).map(([name, value]) => ({ name, value }))}
            columns={[
              { title: t('headerName'), dataIndex: 'name', width: 130 },
              {
                title: t('headerValue'),
                dataIndex: 'value',
                render: (value: string) => (
                  <Typography.Text code className={styles.value}>
                    {value}
                  </Typography.Text>
                ),
              },
              {
                title: '',
                key: 'copy',
                width: 48,
                align: 'center',
                render: (_: unknown, row: { name: string; value: string }) => (
                  <CopyButton text={row.value} label={`${t('copy')} ${row.name}`} onlyIcon />
                ),
              },
            ]}
          />
          <Space wrap className={styles.copyAll}>
            <CopyButton text={headerLines(call)} label={t('copyAll')} />
            <CopyButton text={curlOf(call, window.location.origin)} label={t('copyCurl')} />
          </Space>
        </>
      ) : sign.isPending ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : null}
    </>
  );
  return (
    <Modal
      open={open}
      title={app ? t('getAuthTitle', { name: app.appName }) : ''}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
      width={720}
    >
      {body}
    </Modal>
  );
}
