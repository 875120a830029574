// The send configuration screen (msgCenter/sendConfig): a paged list filtered by keyword, message source,
// template type and state, showing the channels each configuration sends through; new, edit, enable or
// disable, copy and delete with their confirmations, and the detail by id. System configurations are shown
// but not changed or deleted.
import { ChannelTags } from '../shared/ChannelTags';
import { RecordListPage } from '../shared/RecordListPage';
import { useRecordColumns } from '../shared/useRecordColumns';
import {
  inputOf,
  sendConfigApi,
  sendConfigKeys,
  type SendConfigInfo,
  type SendConfigInput,
  type SendConfigRow,
} from './api';
import { SendConfigDetail } from './SendConfigDetail';
import { SendConfigForm } from './SendConfigForm';
import { texts } from './texts';

export default function SendConfigPage() {
  const t = texts.useText();
  const { templateType } = useRecordColumns<SendConfigRow>();
  return (
    <RecordListPage<SendConfigRow, SendConfigInfo, SendConfigInput>
      texts={t}
      queryKey={sendConfigKeys.list}
      api={sendConfigApi}
      inputOf={inputOf}
      filters={['messageSource', 'templateType', 'enabledMark']}
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 150, ellipsis: true },
        { title: t('messageSource'), dataIndex: 'messageSource', width: 100 },
        templateType,
        {
          title: t('messageType'),
          dataIndex: 'messageType',
          width: 260,
          render: (channels: SendConfigRow['messageType']) => <ChannelTags channels={channels} />,
        },
      ]}
      scrollX={1640}
      Form={SendConfigForm}
      Detail={SendConfigDetail}
    />
  );
}
