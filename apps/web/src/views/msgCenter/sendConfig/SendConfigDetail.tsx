// A send configuration by id (GET /message/SendMessageConfig/{id}): its fields and its templates, each of
// which opens in the template view.
import { Button, Descriptions, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EnabledTag, kitTexts } from '../../../components/admin';
import { TemplateView } from '../msgTemplate/TemplateView';
import { dateTime } from '../shared/format';
import { RecordDetailModal, useDetailRows } from '../shared/RecordDetail';
import type { RecordDetailProps } from '../shared/RecordListPage';
import { useTemplateTypeName } from '../shared/texts';
import { useRecordColumns } from '../shared/useRecordColumns';
import { sendConfigApi, sendConfigKeys, type SendConfigInfo } from './api';
import { texts } from './texts';
import { useTemplateLineColumns } from './useTemplateLineColumns';

type TemplateLine = SendConfigInfo['sendConfigTemplateList'][number];

export function SendConfigDetail(props: RecordDetailProps) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const { row, identity } = useDetailRows();
  const typeName = useTemplateTypeName();
  const [viewTemplate, setViewTemplate] = useState<string>();

  const lineColumns = useTemplateLineColumns<TemplateLine>();
  const { sortCode, state } = useRecordColumns<TemplateLine>();
  const columns: TableColumnsType<TemplateLine> = [
    ...lineColumns,
    sortCode,
    state,
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
      <RecordDetailModal
        {...props}
        title={t('detailTitle')}
        width={900}
        queryKey={[...sendConfigKeys.info(props.id ?? ''), 'detail']}
        load={sendConfigApi.info}
      >
        {(config) => (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                ...identity(config, typeName(config.templateType), config.messageSourceName),
                row('sortCode', config.sortCode),
                row('enabledMark', <EnabledTag mark={config.enabledMark} />),
                row('creatorTime', dateTime(config.creatorTime)),
                row('lastModifyTime', dateTime(config.lastModifyTime)),
                row('description', config.description ?? '', 'filled'),
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
      </RecordDetailModal>
      <TemplateView id={viewTemplate} onClose={() => setViewTemplate(undefined)} />
    </>
  );
}
