// The message template screen (msgCenter/msgTemplate): a paged list filtered by keyword, message source, channel,
// template type and state; new, edit, enable or disable, copy and delete with their confirmations, and the read-only
// view. System templates are shown but not changed or deleted.
import { RecordListPage } from '../shared/RecordListPage';
import { useRecordColumns } from '../shared/useRecordColumns';
import { inputOf, templateApi, templateKeys, type TemplateInfo, type TemplateInput, type TemplateRow } from './api';
import { TemplateForm } from './TemplateForm';
import { TemplateView } from './TemplateView';
import { texts } from './texts';

export default function TemplatePage() {
  const t = texts.useText();
  const { templateType } = useRecordColumns<TemplateRow>();
  return (
    <RecordListPage<TemplateRow, TemplateInfo, TemplateInput>
      texts={t}
      queryKey={templateKeys.list}
      api={templateApi}
      inputOf={inputOf}
      filters={['messageSource', 'messageType', 'templateType', 'enabledMark']}
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
        { title: t('messageSource'), dataIndex: 'messageSource', width: 100 },
        { title: t('messageType'), dataIndex: 'messageType', width: 110 },
        templateType,
      ]}
      scrollX={1520}
      Form={TemplateForm}
      Detail={TemplateView}
    />
  );
}
