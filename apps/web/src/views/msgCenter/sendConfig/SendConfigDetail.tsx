// A send configuration by id (GET /message/SendMessageConfig/{id}): its fields and its templates, each of
// which opens in the template view.
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EnabledTag, kitTexts, LoadError } from '../../../components/admin';
import { TemplateView } from '../msgTemplate/TemplateView';
import { useCodeDictionary } from '../shared/codes';
import { sendConfigApi, sendConfigKeys, type SendConfigInfo } from './api';
import { texts } from './texts';

type TemplateLine = SendConfigInfo['sendConfigTemplateList'][number];
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export function SendConfigDetail({ id, onClose }: { id?: string; onClose: () => void }) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const types = useCodeDictionary('msgSendType');
  const [viewTemplate, setViewTemplate] = useState<string>();
  const info = useQuery({
    queryKey: [...sendConfigKeys.info(id ?? ''), 'detail'],
    queryFn: () => sendConfigApi.info(id!),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
  const config = info.data;

  const columns: TableColumnsType<TemplateLine> = [
    { title: t('messageType'), dataIndex: 'messageType', width: 120, render: (type: string) => types.nameOf(type) },
    { title: t('templateCode'), dataIndex: 'templateCode', width: 160, ellipsis: true },
    { title: t('templateName'), dataIndex: 'templateName', ellipsis: true },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: t('enabledMark'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 100,
      render: (_v, line) => (
        <Button type="link" size="small" onClick={() => setViewTemplate(line.templateId)}>
          {t('viewTemplate')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Modal open={Boolean(id)} title={t('detailTitle')} width={900} footer={null} onCancel={onClose} destroyOnHidden>
        {info.isError ? (
          <LoadError onRetry={() => void info.refetch()} />
        ) : !config ? (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'fullName', label: t('fullName'), children: config.fullName },
                { key: 'enCode', label: t('enCode'), children: config.enCode },
                {
                  key: 'templateType',
                  label: t('templateType'),
                  children: config.templateType === '1' ? t('systemTemplate') : t('customTemplate'),
                },
                { key: 'messageSource', label: t('messageSource'), children: config.messageSourceName },
                { key: 'sortCode', label: t('sortCode'), children: config.sortCode },
                { key: 'enabledMark', label: t('enabledMark'), children: <EnabledTag mark={config.enabledMark} /> },
                {
                  key: 'creatorTime',
                  label: t('creatorTime'),
                  children: config.creatorTime ? dayjs(config.creatorTime).format(DATE_TIME) : '',
                },
                {
                  key: 'lastModifyTime',
                  label: t('lastModifyTime'),
                  children: config.lastModifyTime ? dayjs(config.lastModifyTime).format(DATE_TIME) : '',
                },
                { key: 'description', label: t('description'), span: 'filled', children: config.description ?? '' },
              ]}
            />
            <Table<TemplateLine>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={config.sendConfigTemplateList}
              pagination={false}
              scroll={{ x: 600 }}
              title={() => t('templates')}
              aria-label={t('templates')}
            />
          </>
        )}
      </Modal>
      <TemplateView id={viewTemplate} onClose={() => setViewTemplate(undefined)} />
    </>
  );
}
