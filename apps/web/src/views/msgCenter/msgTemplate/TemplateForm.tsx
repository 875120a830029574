// The message template dialog (new or edit): name, code, source and channel (fixed once saved), state, sort and
// description; the parameter list beside the channel's fields: a title and content for in-site, mail and the like, or
// for SMS and WeChat the provider's template code, the WeChat jump settings and the table mapping the provider's
// variables to parameters.
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { useRef } from 'react';
import { FormDialog, maxLength, required } from '../../../components/admin';
import { MessageSource, MessageType, useCodeDictionary, usesProviderTemplate } from '../shared/codes';
import { RecordHeadFields, RecordTailFields } from '../shared/RecordFields';
import type { RecordFormProps } from '../shared/RecordListPage';
import { useRecordForm } from '../shared/useRecordForm';
import { templateApi, type SmsField, type TemplateInput, type TemplateParam } from './api';
import styles from './MsgTemplate.module.css';
import { isBuiltIn, ParamPanel } from './ParamPanel';
import { SmsFieldTable, smsFieldProblem } from './SmsFieldTable';
import { texts } from './texts';

export const TEMPLATE_DIALOG_WIDTH = 1000;
const SYSTEM_CODE_MARK = 'MBXT';

/** the built-in parameters each message source fills in (the reference's defaults per source) */
const SOURCE_PARAMS: Record<string, string[]> = {
  [MessageSource.system]: ['@Title', '@CreatorUserName'],
  [MessageSource.flow]: ['@Title', '@CreatorUserName', '@FlowLink'],
  [MessageSource.notice]: ['@Title', '@CreatorUserName', '@Content', '@Remark'],
  [MessageSource.schedule]: [
    '@Title',
    '@CreatorUserName',
    '@Content',
    '@StartDate',
    '@StartTime',
    '@EndDate',
    '@EndTime',
  ],
};

export interface TemplateValues {
  fullName: string;
  enCode: string;
  messageSource?: string;
  messageType?: string;
  enabledMark: number;
  sortCode?: number;
  description?: string;
  title?: string;
  content?: string;
  templateCode?: string;
  wxSkip?: string;
  xcxAppId?: string;
  templateParamList: TemplateParam[];
  smsFieldList: SmsField[];
}

/** the call's body: only the fields of the chosen channel */
export function templateInput(values: TemplateValues, templateType: string): TemplateInput {
  const type = values.messageType ?? '';
  const provider = usesProviderTemplate(type);
  const weChat = type === MessageType.weChat;
  return {
    fullName: values.fullName.trim(),
    enCode: values.enCode.trim(),
    templateType,
    messageSource: values.messageSource ?? '',
    messageType: type,
    enabledMark: values.enabledMark ?? 1,
    sortCode: values.sortCode ?? 0,
    description: values.description ?? '',
    title: provider ? null : (values.title ?? ''),
    content: provider || type === MessageType.inSite ? null : (values.content ?? ''),
    templateCode: provider ? (values.templateCode ?? '').trim() : null,
    wxSkip: weChat ? (values.wxSkip ?? '1') : null,
    xcxAppId: weChat && values.wxSkip === '1' ? (values.xcxAppId ?? '').trim() : null,
    templateParamList: values.templateParamList ?? [],
    smsFieldList: provider
      ? (values.smsFieldList ?? []).map((row) => ({
          ...row,
          smsField: row.smsField.trim(),
          isTitle: weChat ? row.isTitle : 0,
        }))
      : [],
  };
}

export function TemplateForm(props: RecordFormProps) {
  const t = texts.useText();
  const [form] = Form.useForm<TemplateValues>();
  const { editing, record, dialogProps, headProps } = useRecordForm(props, {
    form,
    queryKey: ['msgCenter', 'msgTemplate', 'info', props.id],
    api: templateApi,
    toInput: templateInput,
    titles: { add: t('add'), edit: t('edit') },
    systemCode: { mark: SYSTEM_CODE_MARK, message: t('systemCode') },
  });
  const types = useCodeDictionary('msgSendType');
  const builtIns = useQuery({
    queryKey: ['msgCenter', 'msgTemplate', 'params'],
    queryFn: templateApi.params,
    enabled: props.open,
  });
  /** where the caret was in the title or content when it left, for inserting a parameter there */
  const caret = useRef<{ name: 'title' | 'content'; start: number; end: number } | null>(null);
  const messageType = Form.useWatch('messageType', form);
  const wxSkip = Form.useWatch('wxSkip', form);
  const params = Form.useWatch('templateParamList', form) ?? [];

  const initial: Partial<TemplateValues> = record
    ? {
        ...record,
        description: record.description ?? '',
        title: record.title ?? '',
        content: record.content ?? '',
        templateCode: record.templateCode ?? '',
        wxSkip: record.wxSkip ?? '1',
        xcxAppId: record.xcxAppId ?? '',
        templateParamList: record.templateParamList.map(({ id: pid, field, fieldName }) => ({
          id: pid,
          field,
          fieldName,
        })),
        smsFieldList: record.smsFieldList.map(({ id: fid, fieldId, smsField, field, isTitle }) => ({
          id: fid,
          fieldId,
          smsField,
          field,
          isTitle,
        })),
      }
    : {
        enabledMark: 1,
        sortCode: 0,
        description: '',
        messageType: MessageType.inSite,
        wxSkip: '1',
        title: '',
        content: '',
        templateParamList: [],
        smsFieldList: [],
      };

  /** a new source brings its built-in parameters; custom ones stay */
  const onSourceChange = (source: string) => {
    const names = new Map((builtIns.data ?? []).map((p) => [p.field, p.fieldName]));
    const custom = (form.getFieldValue('templateParamList') as TemplateParam[] | undefined)?.filter(
      (p) => !isBuiltIn(p.field),
    );
    form.setFieldValue('templateParamList', [
      ...(SOURCE_PARAMS[source] ?? []).map((field) => ({ field, fieldName: names.get(field) ?? field })),
      ...(custom ?? []),
    ]);
  };

  const insertParam = (param: TemplateParam) => {
    const type = form.getFieldValue('messageType') as string | undefined;
    if (usesProviderTemplate(type)) return;
    const withContent = type !== MessageType.inSite;
    const target = caret.current && (withContent || caret.current.name === 'title') ? caret.current : null;
    const name = target?.name ?? (withContent ? 'content' : 'title');
    const text = (form.getFieldValue(name) as string | undefined) ?? '';
    const token = `{${param.field}}`;
    const start = target ? Math.min(target.start, text.length) : text.length;
    const end = target ? Math.min(target.end, text.length) : text.length;
    form.setFieldValue(name, text.slice(0, start) + token + text.slice(end));
    caret.current = { name, start: start + token.length, end: start + token.length };
    void form.validateFields([name]).catch(() => undefined);
  };

  const rememberCaret =
    (name: 'title' | 'content') =>
    (event: { target: { selectionStart: number | null; selectionEnd: number | null } }) => {
      caret.current = { name, start: event.target.selectionStart ?? 0, end: event.target.selectionEnd ?? 0 };
    };

  const provider = usesProviderTemplate(messageType);
  const weChat = messageType === MessageType.weChat;

  return (
    <FormDialog<TemplateValues> {...dialogProps} width={TEMPLATE_DIALOG_WIDTH} initialValues={initial}>
      <Row gutter={16}>
        <RecordHeadFields {...headProps} onSourceChange={onSourceChange} />
        <Col xs={24} md={12}>
          <Form.Item
            name="messageType"
            label={t('messageType')}
            rules={[{ required: true, message: t('typeRequired') }]}
          >
            <Select
              options={types.options}
              loading={types.isLoading}
              placeholder={t('selectPlaceholder')}
              disabled={editing}
            />
          </Form.Item>
        </Col>
        <RecordTailFields stateFirst />
      </Row>
      <div className={styles.body}>
        <Form.Item name="templateParamList" noStyle>
          <ParamPanel onPick={provider ? undefined : insertParam} />
        </Form.Item>
        <div className={styles.channel}>
          {!provider ? (
            <>
              <Form.Item
                name="title"
                label={t('msgTitle')}
                tooltip={t('paramFormatHint')}
                rules={[required(t('titleRequired')), maxLength(t('titleRequired'), 200)]}
              >
                <Input placeholder={t('inputPlaceholder')} maxLength={200} onBlur={rememberCaret('title')} />
              </Form.Item>
              {messageType !== MessageType.inSite && (
                <Form.Item
                  name="content"
                  label={t('msgContent')}
                  tooltip={t('paramFormatHint')}
                  rules={[required(t('contentRequired'))]}
                >
                  <Input.TextArea
                    rows={10}
                    maxLength={20_000}
                    placeholder={t('inputPlaceholder')}
                    onBlur={rememberCaret('content')}
                  />
                </Form.Item>
              )}
            </>
          ) : (
            <>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="templateCode"
                    label={t('templateCode')}
                    tooltip={weChat ? t('templateCodeWxHint') : t('templateCodeSmsHint')}
                    rules={[required(t('templateCodeRequired')), maxLength(t('templateCodeRequired'), 100)]}
                  >
                    <Input placeholder={t('inputPlaceholder')} maxLength={100} />
                  </Form.Item>
                </Col>
              </Row>
              {weChat && (
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="wxSkip"
                      label={t('wxSkip')}
                      rules={[{ required: true, message: t('wxSkipRequired') }]}
                    >
                      <Select
                        options={[
                          { value: '1', label: t('wxSkipMiniProgram') },
                          { value: '2', label: t('wxSkipPage') },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  {wxSkip === '1' && (
                    <Col xs={24} md={12}>
                      <Form.Item
                        name="xcxAppId"
                        label={t('xcxAppId')}
                        tooltip={t('xcxAppIdHint')}
                        rules={[required(t('xcxAppIdRequired')), maxLength(t('xcxAppIdRequired'), 100)]}
                      >
                        <Input placeholder={t('inputPlaceholder')} maxLength={100} />
                      </Form.Item>
                    </Col>
                  )}
                </Row>
              )}
              <Form.Item
                name="smsFieldList"
                label={t('variables')}
                tooltip={weChat ? t('wxVariableHint') : t('smsVariableHint')}
                rules={[
                  {
                    validator: (_rule, rows?: SmsField[]) => {
                      const problem = smsFieldProblem(rows ?? [], weChat, t);
                      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <SmsFieldTable params={params} withTitle={weChat} />
              </Form.Item>
            </>
          )}
        </div>
      </div>
    </FormDialog>
  );
}
