// The send configuration dialog (new or edit): name, code, template type (custom), message source (fixed
// once saved; changing it clears the templates, which belong to a source), sort, state, description and the
// templates it sends through, one or more per channel.
import { Form, Row } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../../components/admin';
import { TemplateView } from '../msgTemplate/TemplateView';
import { RecordHeadFields, RecordTailFields } from '../shared/RecordFields';
import type { RecordFormProps } from '../shared/RecordListPage';
import { useRecordForm } from '../shared/useRecordForm';
import { sendConfigApi, sendConfigKeys, templateRowInput, type ConfigTemplate, type SendConfigInput } from './api';
import { ConfigTemplates } from './ConfigTemplates';
import { texts } from './texts';

const SYSTEM_CODE_MARK = 'PZXT';

export interface SendConfigValues {
  fullName: string;
  enCode: string;
  messageSource?: string;
  enabledMark: number;
  sortCode?: number;
  description?: string;
  sendConfigTemplateList: ConfigTemplate[];
}

export function sendConfigInput(values: SendConfigValues, templateType: string): SendConfigInput {
  return {
    fullName: values.fullName.trim(),
    enCode: values.enCode.trim(),
    templateType,
    messageSource: values.messageSource ?? '',
    enabledMark: values.enabledMark ?? 1,
    sortCode: values.sortCode ?? 0,
    description: values.description ?? '',
    sendConfigTemplateList: (values.sendConfigTemplateList ?? []).map(templateRowInput),
  };
}

export function SendConfigForm(props: RecordFormProps) {
  const t = texts.useText();
  const [form] = Form.useForm<SendConfigValues>();
  const { editing, record, dialogProps, headProps } = useRecordForm(props, {
    form,
    queryKey: sendConfigKeys.info(props.id ?? ''),
    api: sendConfigApi,
    toInput: sendConfigInput,
    titles: { add: t('add'), edit: t('edit') },
    systemCode: { mark: SYSTEM_CODE_MARK, message: t('systemCode') },
  });
  const [viewTemplate, setViewTemplate] = useState<string>();
  const messageSource = Form.useWatch('messageSource', form);

  const initial: Partial<SendConfigValues> = record
    ? {
        fullName: record.fullName,
        enCode: record.enCode,
        messageSource: record.messageSource || undefined,
        enabledMark: record.enabledMark,
        sortCode: record.sortCode,
        description: record.description ?? '',
        sendConfigTemplateList: record.sendConfigTemplateList,
      }
    : { enabledMark: 1, sortCode: 0, description: '', sendConfigTemplateList: [] };

  return (
    <>
      <FormDialog<SendConfigValues> {...dialogProps} width={900} initialValues={initial}>
        <Row gutter={16}>
          <RecordHeadFields
            {...headProps}
            sourceTooltip={editing ? undefined : t('sourceChangeClears')}
            onSourceChange={() => form.setFieldValue('sendConfigTemplateList', [])}
          />
          <RecordTailFields pairedOnPhone />
        </Row>
        <Form.Item
          name="sendConfigTemplateList"
          label={t('templates')}
          extra={messageSource ? undefined : t('sourceFirst')}
        >
          <ConfigTemplates messageSource={messageSource} onView={setViewTemplate} />
        </Form.Item>
      </FormDialog>
      <TemplateView id={viewTemplate} onClose={() => setViewTemplate(undefined)} />
    </>
  );
}
