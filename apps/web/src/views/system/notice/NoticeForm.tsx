// The notice dialog (new or edit of a draft): title, type (NoticeType dictionary), expiry, recipients,
// reminder, attachments, cover, the rich-text body and the excerpt. The body is loaded as the server stored it
// (sanitised); what is typed is sent as it is and the server sanitises it again.
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { FormDialog, maxLength, required, useDictionary } from '../../../components/admin';
import { AttachmentsField, sendAttachment } from '../../../components/attachments';
import { useDepartmentTree } from '../../../components/directory/trees';
import { noticeApi, noticeKeys, parseFiles, type NoticeFile, type NoticeInput } from './api';
import { CoverField, NOTICE_FILE_MAX_MB } from './NoticeFiles';
import { namesSomeone, parseRecipients, recipientsPayload, type Recipients } from './recipients';
import { EVERYONE, organizeTypes, RecipientsField } from './RecipientsField';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { texts } from './texts';

export const NOTICE_DIALOG_WIDTH = 900;
const REMIND_DEFAULT = 1;
const REMIND_CUSTOM = 2;

interface Props {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

export interface NoticeValues {
  title: string;
  category?: string;
  expirationTime?: Dayjs | null;
  recipients: Recipients;
  remindCategory: number;
  sendConfigId?: string;
  files: NoticeFile[];
  coverImage: string;
  bodyText: string;
  excerpt: string;
}

/** the call's body from the form's values */
export function noticeInput(values: NoticeValues, organizeType: (id: string) => string | undefined): NoticeInput {
  const custom = values.remindCategory === REMIND_CUSTOM;
  return {
    title: values.title.trim(),
    category: values.category ?? '',
    expirationTime: values.expirationTime ? values.expirationTime.valueOf() : null,
    toUserIds: recipientsPayload(values.recipients, organizeType),
    remindCategory: values.remindCategory ?? REMIND_DEFAULT,
    sendConfigId: custom ? (values.sendConfigId ?? '') : '',
    files: JSON.stringify(values.files ?? []),
    coverImage: values.coverImage ?? '',
    bodyText: values.bodyText ?? '',
    excerpt: (values.excerpt ?? '').trim(),
  };
}

function SendConfigSelect({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const t = texts.useText();
  const list = useQuery({ queryKey: ['system', 'notice', 'sendConfigs'], queryFn: () => noticeApi.sendConfigs('') });
  const listed = list.data?.some((c) => c.id === value) ?? false;
  // the stored configuration may be disabled since: name it anyway
  const current = useQuery({
    queryKey: ['system', 'notice', 'sendConfig', value],
    queryFn: () => noticeApi.sendConfig(value!),
    enabled: Boolean(value) && list.isSuccess && !listed,
  });
  const options = [
    ...(list.data ?? []).map((c) => ({ value: c.id, label: `${c.fullName}（${c.enCode}）` })),
    ...(current.data && !listed ? [{ value: current.data.id, label: current.data.fullName }] : []),
  ];
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={onChange}
      options={options}
      loading={list.isLoading}
      placeholder={t('selectPlaceholder')}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
    />
  );
}

/** a picture of the body goes to the notice's own upload, so the notice's recipients may read it */
const uploadBodyImage = async (file: File) => (await sendAttachment(noticeApi.uploadUrl, file, true)).url;

export function NoticeForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<NoticeValues>();
  const editing = Boolean(id);
  const categories = useDictionary('NoticeType');
  const departments = useDepartmentTree('0', open);
  const types = useMemo(() => organizeTypes(departments.data), [departments.data]);
  const info = useQuery({
    queryKey: noticeKeys.info(id ?? ''),
    queryFn: () => noticeApi.info(id!),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const categoryOptions = categories.items.map((item) => ({ value: item.enCode, label: item.fullName }));

  const initial: Partial<NoticeValues> =
    editing && info.data
      ? {
          title: info.data.title,
          category: info.data.category || undefined,
          expirationTime: info.data.expirationTime ? dayjs(info.data.expirationTime) : null,
          recipients: parseRecipients(info.data.toUserIds),
          remindCategory: info.data.remindCategory === REMIND_CUSTOM ? REMIND_CUSTOM : REMIND_DEFAULT,
          sendConfigId: info.data.sendConfigId || undefined,
          files: parseFiles(info.data.files),
          coverImage: info.data.coverImage,
          bodyText: info.data.bodyText,
          excerpt: info.data.excerpt,
        }
      : {
          category: categoryOptions[0]?.value,
          expirationTime: null,
          recipients: EVERYONE,
          remindCategory: REMIND_DEFAULT,
          files: [],
          coverImage: '',
          bodyText: '',
          excerpt: '',
        };

  const submit = (values: NoticeValues) => {
    const input = noticeInput(values, (orgId) => types.get(orgId));
    return editing ? noticeApi.update(id!, { ...input, version: info.data?.version }) : noticeApi.create(input);
  };

  return (
    <FormDialog<NoticeValues>
      open={open}
      title={editing ? t('edit') : t('add')}
      form={form}
      width={NOTICE_DIALOG_WIDTH}
      // a new notice waits for the types, so that the first one is chosen
      loading={(editing && info.isLoading) || (!editing && categories.isLoading)}
      loadError={editing && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={initial}
      onSubmit={submit}
      onSaved={onSaved}
      onCancel={onClose}
    >
      {editing && info.data && info.data.enabledMark !== 0 && (
        <Alert type="warning" showIcon title={t('releasedReadOnly')} style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        name="title"
        label={t('noticeTitle')}
        rules={[required(t('titleRequired')), maxLength(t('titleTooLong'), 200)]}
      >
        <Input placeholder={t('inputPlaceholder')} maxLength={200} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('categoryRequired') }]}>
            <Select
              options={categoryOptions}
              loading={categories.isLoading}
              placeholder={t('selectPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="expirationTime"
            label={t('expirationTime')}
            tooltip={t('expirationHelp')}
            rules={[
              {
                validator: (_rule, value?: Dayjs | null) =>
                  value && !value.isAfter(dayjs()) ? Promise.reject(new Error(t('expirationPast'))) : Promise.resolve(),
              },
            ]}
          >
            <DatePicker
              showTime
              format="YYYY-MM-DD HH:mm:ss"
              placeholder={t('selectPlaceholder')}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="recipients"
        label={t('recipients')}
        rules={[
          {
            validator: (_rule, value?: Recipients) =>
              value && !value.everyone && !namesSomeone(value)
                ? Promise.reject(new Error(t('recipientsRequired')))
                : Promise.resolve(),
          },
        ]}
      >
        <RecipientsField />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="remindCategory" label={t('remindCategory')} tooltip={t('remindHint')}>
            <Radio.Group
              options={[
                { value: REMIND_DEFAULT, label: t('remindDefault') },
                { value: REMIND_CUSTOM, label: t('remindCustom') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item noStyle dependencies={['remindCategory']}>
            {({ getFieldValue }) =>
              getFieldValue('remindCategory') === REMIND_CUSTOM ? (
                <Form.Item
                  name="sendConfigId"
                  label={t('sendConfigId')}
                  rules={[{ required: true, message: t('sendConfigRequired') }]}
                >
                  <SendConfigSelect />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="files" label={t('files')}>
        <AttachmentsField uploadUrl={noticeApi.uploadUrl} maxMb={NOTICE_FILE_MAX_MB} />
      </Form.Item>
      <Form.Item name="coverImage" label={t('coverImage')}>
        <CoverField />
      </Form.Item>
      <Form.Item name="bodyText" label={t('bodyText')}>
        <RichTextEditor placeholder={t('bodyPlaceholder')} aria-label={t('bodyText')} uploadImage={uploadBodyImage} />
      </Form.Item>
      <Form.Item name="excerpt" label={t('excerpt')} rules={[maxLength(t('excerptTooLong'), 500)]}>
        <Input.TextArea rows={2} placeholder={t('excerptPlaceholder')} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
