// The send configuration dialog (new or edit): name, code, template type (custom), message source (fixed
// once saved; changing it clears the templates, which belong to a source), sort, state, description and the
// templates it sends through, one or more per channel.
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { FormDialog, maxLength, pattern, required, sortCodeRule, SORT_CODE_MAX } from '../../../components/admin';
import { TemplateView } from '../msgTemplate/TemplateView';
import { useCodeDictionary } from '../shared/codes';
import { sendConfigApi, sendConfigKeys, templateRowInput, type ConfigTemplate, type SendConfigInput } from './api';
import { ConfigTemplates } from './ConfigTemplates';
import { texts } from './texts';

const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const SYSTEM_CODE_MARK = 'PZXT';

interface Props {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

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

export function SendConfigForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<SendConfigValues>();
  const editing = Boolean(id);
  const sources = useCodeDictionary('msgSourceType');
  const [viewTemplate, setViewTemplate] = useState<string>();
  const info = useQuery({
    queryKey: sendConfigKeys.info(id ?? ''),
    queryFn: () => sendConfigApi.info(id!),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const messageSource = Form.useWatch('messageSource', form);
  const templateType = editing ? (info.data?.templateType ?? '0') : '0';

  const initial: Partial<SendConfigValues> =
    editing && info.data
      ? {
          fullName: info.data.fullName,
          enCode: info.data.enCode,
          messageSource: info.data.messageSource || undefined,
          enabledMark: info.data.enabledMark,
          sortCode: info.data.sortCode,
          description: info.data.description ?? '',
          sendConfigTemplateList: info.data.sendConfigTemplateList,
        }
      : { enabledMark: 1, sortCode: 0, description: '', sendConfigTemplateList: [] };

  return (
    <>
      <FormDialog<SendConfigValues>
        open={open}
        title={editing ? t('edit') : t('add')}
        form={form}
        width={900}
        loading={editing && info.isLoading}
        loadError={editing && info.isError}
        onRetry={() => void info.refetch()}
        initialValues={initial}
        onSubmit={(values) => {
          const input = sendConfigInput(values, templateType);
          return editing
            ? sendConfigApi.update(id!, { ...input, version: info.data?.version })
            : sendConfigApi.create(input);
        }}
        onSaved={onSaved}
        onCancel={onClose}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="fullName"
              label={t('fullName')}
              rules={[required(t('nameRequired')), maxLength(t('nameTooLong'))]}
            >
              <Input placeholder={t('inputPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="enCode"
              label={t('enCode')}
              rules={[
                required(t('codeRequired')),
                maxLength(t('codeRule')),
                pattern(CODE, t('codeRule')),
                {
                  validator: (_rule, value?: string) =>
                    templateType !== '1' && value?.toUpperCase().includes(SYSTEM_CODE_MARK)
                      ? Promise.reject(new Error(t('systemCode')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input placeholder={t('inputPlaceholder')} maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('templateType')}>
              <Input value={templateType === '1' ? t('systemTemplate') : t('customTemplate')} disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="messageSource"
              label={t('messageSource')}
              tooltip={editing ? undefined : t('sourceChangeClears')}
              rules={[{ required: true, message: t('sourceRequired') }]}
            >
              <Select
                options={sources.options}
                loading={sources.isLoading}
                placeholder={t('selectPlaceholder')}
                disabled={editing}
                onChange={() => form.setFieldValue('sendConfigTemplateList', [])}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={12}>
            <Form.Item name="sortCode" label={t('sortCode')} rules={[sortCodeRule(t('sortRange'))]}>
              <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={12}>
            <Form.Item
              name="enabledMark"
              label={t('enabledMark')}
              valuePropName="checked"
              getValueProps={(value: unknown) => ({ checked: value === 1 })}
              normalize={(checked: boolean) => (checked ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('description')}>
              <Input.TextArea rows={2} maxLength={500} placeholder={t('inputPlaceholder')} />
            </Form.Item>
          </Col>
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
