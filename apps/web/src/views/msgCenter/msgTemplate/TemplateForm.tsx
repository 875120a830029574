// The message template dialog (new or edit; protocol-entities §4.3): name, code, source and channel (fixed
// once saved), state, sort and description; the parameter list beside the channel's fields: a title and
// content for in-site, mail and the like, or for SMS and WeChat the provider's template code, the WeChat jump
// settings and the table mapping the provider's variables to parameters.
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useRef } from 'react';
import { FormDialog, maxLength, pattern, required, sortCodeRule, SORT_CODE_MAX } from '../../../components/admin';
import { MessageSource, MessageType, useCodeDictionary, usesProviderTemplate } from '../shared/codes';
import { templateApi, type SmsField, type TemplateInput, type TemplateParam } from './api';
import styles from './MsgTemplate.module.css';
import { isBuiltIn, ParamPanel } from './ParamPanel';
import { SmsFieldTable, smsFieldProblem } from './SmsFieldTable';
import { texts } from './texts';

export const TEMPLATE_DIALOG_WIDTH = 1000;
const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
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

interface Props {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

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

/** a switch bound to a 1 / 0 field */
const flagSwitch = {
  valuePropName: 'checked',
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

export function TemplateForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<TemplateValues>();
  const editing = Boolean(id);
  const sources = useCodeDictionary('msgSourceType');
  const types = useCodeDictionary('msgSendType');
  const builtIns = useQuery({
    queryKey: ['msgCenter', 'msgTemplate', 'params'],
    queryFn: templateApi.params,
    enabled: open,
  });
  const info = useQuery({
    queryKey: ['msgCenter', 'msgTemplate', 'info', id],
    queryFn: () => templateApi.info(id!),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  /** where the caret was in the title or content when it left, for inserting a parameter there */
  const caret = useRef<{ name: 'title' | 'content'; start: number; end: number } | null>(null);
  const messageType = Form.useWatch('messageType', form);
  const wxSkip = Form.useWatch('wxSkip', form);
  const params = Form.useWatch('templateParamList', form) ?? [];

  const templateType = editing ? (info.data?.templateType ?? '0') : '0';
  const initial: Partial<TemplateValues> =
    editing && info.data
      ? {
          ...info.data,
          description: info.data.description ?? '',
          title: info.data.title ?? '',
          content: info.data.content ?? '',
          templateCode: info.data.templateCode ?? '',
          wxSkip: info.data.wxSkip ?? '1',
          xcxAppId: info.data.xcxAppId ?? '',
          templateParamList: info.data.templateParamList.map(({ id: pid, field, fieldName }) => ({
            id: pid,
            field,
            fieldName,
          })),
          smsFieldList: info.data.smsFieldList.map(({ id: fid, fieldId, smsField, field, isTitle }) => ({
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
    <FormDialog<TemplateValues>
      open={open}
      title={editing ? t('edit') : t('add')}
      form={form}
      width={TEMPLATE_DIALOG_WIDTH}
      loading={editing && info.isLoading}
      loadError={editing && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={initial}
      onSubmit={(values) => {
        const input = templateInput(values, templateType);
        return editing ? templateApi.update(id!, { ...input, version: info.data?.version }) : templateApi.create(input);
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
            rules={[{ required: true, message: t('sourceRequired') }]}
          >
            <Select
              options={sources.options}
              loading={sources.isLoading}
              placeholder={t('selectPlaceholder')}
              disabled={editing}
              onChange={onSourceChange}
            />
          </Form.Item>
        </Col>
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
        <Col xs={24} md={12}>
          <Form.Item name="enabledMark" label={t('enabledMark')} {...flagSwitch}>
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sortCode" label={t('sortCode')} rules={[sortCodeRule(t('sortRange'))]}>
            <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea rows={2} maxLength={500} placeholder={t('inputPlaceholder')} />
          </Form.Item>
        </Col>
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
