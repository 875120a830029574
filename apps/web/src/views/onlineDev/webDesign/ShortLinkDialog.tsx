// The public-link dialog (表单外链配置, btn_edit) of a design: a form link anyone may fill in and, for a list
// design, a search link, each optionally behind a password, with the fields the public list searches by and
// shows. Saving keeps the dialog open so the links can be opened, copied or shared as a QR code; "new links"
// ends the ones handed out before. Passwords are never shown: an empty one keeps what is set.
import { QrcodeOutlined } from '@ant-design/icons';
import {
  dataFields,
  isDirectoryPickerKey,
  isListableKey,
  isSearchable,
  isSystemKey,
  parseDesignJson,
  type FieldConfig,
  type FormDataJson,
} from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Popover, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { FormDialog, useConfirmAction } from '../../../components/admin';
import { feedback } from '../../../platform/feedback';
import { widgetOf } from '../../../widgets';
import { basePathFromPath } from '../../../platform/storage';
import { webDesignApi, webDesignKeys, type DesignRow, type ShortLinkInfo } from './api';
import { shortLinkTexts } from './shortLinkTexts';

interface Values {
  formUse: boolean;
  formPassUse: boolean;
  formPassword: string;
  columnUse: boolean;
  columnPassUse: boolean;
  columnPassword: string;
  columnCondition: string[];
  columnText: string[];
}

const PASSWORD_MAX = 20;
const QR_SIZE_PX = 154;

/** the address a visitor opens: this site, its application path, and the server's link path */
export function absoluteLink(path: string): string {
  return path ? `${window.location.origin}${basePathFromPath(window.location.pathname)}${path}` : '';
}

const propsOf = (json: string): string[] => {
  const list = parseDesignJson<unknown[]>(json);
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
};

/** the fields a public link can show: value fields a list shows (no sub-tables) without system fields and numbers */
function linkFields(formData: string | undefined): FieldConfig[] {
  const form = parseDesignJson<FormDataJson>(formData);
  return dataFields(Array.isArray(form?.fields) ? form.fields : []).filter((f) => {
    const key = f.__config__.jnpfKey;
    return isListableKey(key) && !isSystemKey(key) && !widgetOf(key)?.design.issuedByServer;
  });
}

const valuesOf = (info: ShortLinkInfo): Values => ({
  formUse: info.formUse === 1,
  formPassUse: info.formPassUse === 1,
  formPassword: '',
  columnUse: info.columnUse === 1,
  columnPassUse: info.columnPassUse === 1,
  columnPassword: '',
  columnCondition: propsOf(info.columnCondition),
  columnText: propsOf(info.columnText),
});

function QrButton({ link }: { link: string }) {
  const t = shortLinkTexts.useText();
  const [image, setImage] = useState('');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      onOpenChange={async (open) => {
        if (!open || image) return;
        const QRCode = await import('qrcode');
        setImage(await QRCode.toDataURL(link, { width: QR_SIZE_PX, margin: 1 }));
      }}
      content={
        <div style={{ textAlign: 'center', width: QR_SIZE_PX }}>
          <Typography.Text type="secondary">{t('qrTip')}</Typography.Text>
          {image && <img src={image} alt={t('qrCode')} width={QR_SIZE_PX} height={QR_SIZE_PX} />}
          <Button block size="small" href={image || undefined} download={`${t('qrCode')}.png`} disabled={!image}>
            {t('download')}
          </Button>
        </div>
      }
    >
      <Button icon={<QrcodeOutlined />} aria-label={t('qrCode')} />
    </Popover>
  );
}

function LinkRow({ link }: { link: string }) {
  const t = shortLinkTexts.useText();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      feedback.success(t('copied'));
    } catch {
      feedback.error(t('copyFailed'));
    }
  };
  if (!link)
    return (
      <Space.Compact>
        <Tooltip title={t('saveFirstOpen')}>
          <Button disabled>{t('open')}</Button>
        </Tooltip>
        <Tooltip title={t('saveFirstCopy')}>
          <Button type="primary" disabled>
            {t('copy')}
          </Button>
        </Tooltip>
      </Space.Compact>
    );
  return (
    <Space size={8}>
      <Space.Compact>
        <Button href={link} target="_blank" rel="noopener noreferrer">
          {t('open')}
        </Button>
        <Button type="primary" onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </Space.Compact>
      <QrButton key={link} link={link} />
    </Space>
  );
}

/** a link's address (once saved) with open, copy and QR code */
function LinkField({ label, path }: { label: string; path: string }) {
  const link = absoluteLink(path);
  return (
    <Form.Item label={label}>
      <Space wrap>
        <Input readOnly value={link} style={{ width: 410 }} aria-label={label} />
        <LinkRow link={link} />
      </Space>
    </Form.Item>
  );
}

/** a link's password switch and, while it is on, the new password (empty keeps the one set) */
function PasswordSetting(props: {
  label: string;
  use: keyof Values;
  password: keyof Values;
  on: boolean;
  kept: boolean;
}) {
  const t = shortLinkTexts.useText();
  const { label, use, password, on, kept } = props;
  return (
    <Form.Item label={label}>
      <Space align="start">
        <Form.Item name={use} valuePropName="checked" noStyle>
          <Switch aria-label={label} />
        </Form.Item>
        {on && (
          <Form.Item
            name={password}
            rules={[
              { required: !kept, message: t('passwordRequired') },
              { max: PASSWORD_MAX, message: t('passwordTooLong') },
            ]}
            style={{ margin: 0 }}
          >
            <Input.Password
              style={{ width: 240 }}
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
              aria-label={label}
              placeholder={kept ? t('passwordKept') : t('password')}
            />
          </Form.Item>
        )}
      </Space>
    </Form.Item>
  );
}

export function ShortLinkDialog({ row, onClose }: { row: DesignRow | null; onClose: () => void }) {
  const t = shortLinkTexts.useText();
  const [form] = Form.useForm<Values>();
  const { confirm, holder } = useConfirmAction();
  const open = row !== null;
  const id = row?.id ?? '';
  const info = useQuery({
    queryKey: webDesignKeys.shortLink(id),
    queryFn: () => webDesignApi.shortLink(id),
    enabled: open,
  });
  const design = useQuery({ queryKey: webDesignKeys.info(id), queryFn: () => webDesignApi.info(id), enabled: open });
  /** the settings as last saved (links appear once saved) */
  const [saved, setSaved] = useState<ShortLinkInfo | null>(null);
  const current = saved?.id === id ? saved : (info.data ?? null);
  const formUse = Form.useWatch('formUse', form);
  const formPassUse = Form.useWatch('formPassUse', form);
  const columnUse = Form.useWatch('columnUse', form);
  const columnPassUse = Form.useWatch('columnPassUse', form);

  const fields = linkFields(design.data?.formData);
  const fieldOptions = fields.map((f) => ({ value: f.__vModel__, label: f.__config__.label || f.__vModel__ }));
  const searchOptions = fields
    // a visitor cannot load the directory a picker chooses from
    .filter((f) => isSearchable(f.__config__.jnpfKey) && !isDirectoryPickerKey(f.__config__.jnpfKey))
    .map((f) => ({ value: f.__vModel__, label: f.__config__.label || f.__vModel__ }));
  const isList = Number(design.data?.webType ?? row?.webType) === 2;

  const renew = () =>
    confirm(t('renewTip'), {
      action: async () => {
        const result = await webDesignApi.renewShortLink(id);
        if (result.data) setSaved(result.data);
        return result;
      },
    });

  return (
    <>
      {holder}
      <FormDialog<Values>
        open={open}
        title={row ? `${t('title')} · ${row.fullName}` : t('title')}
        width={800}
        form={form}
        loading={info.isLoading || design.isLoading}
        loadError={info.isError || design.isError}
        onRetry={() => void Promise.all([info.refetch(), design.refetch()])}
        onCancel={() => {
          setSaved(null);
          onClose();
        }}
        closeDelayMs={0}
        initialValues={current ? valuesOf(current) : undefined}
        onSubmit={(values) =>
          webDesignApi.saveShortLink({
            id,
            formUse: values.formUse ? 1 : 0,
            formPassUse: values.formPassUse ? 1 : 0,
            formPassword: values.formPassword ?? '',
            columnUse: values.columnUse ? 1 : 0,
            columnPassUse: values.columnPassUse ? 1 : 0,
            columnPassword: values.columnPassword ?? '',
            columnCondition: values.columnCondition ?? [],
            columnText: values.columnText ?? [],
          })
        }
        onSaved={(result) => {
          const next = (result as { data?: ShortLinkInfo }).data;
          if (next) setSaved(next);
          form.setFieldsValue({ formPassword: '', columnPassword: '' });
        }}
      >
        {row?.state === 0 && <Alert type="warning" showIcon title={t('notReleased')} style={{ marginBottom: 16 }} />}
        <Form.Item label={t('formUse')} extra={t('formUseTip')}>
          <Form.Item name="formUse" valuePropName="checked" noStyle>
            <Switch aria-label={t('formUse')} />
          </Form.Item>
        </Form.Item>
        {formUse && (
          <>
            <LinkField label={t('formLink')} path={current?.formLink ?? ''} />
            <PasswordSetting
              label={t('formPassUse')}
              use="formPassUse"
              password="formPassword"
              on={!!formPassUse}
              kept={!!current?.hasFormPassword}
            />
          </>
        )}
        {isList && (
          <>
            <Divider style={{ marginTop: 0 }} />
            <Form.Item label={t('columnUse')} extra={t('columnUseTip')}>
              <Form.Item name="columnUse" valuePropName="checked" noStyle>
                <Switch aria-label={t('columnUse')} />
              </Form.Item>
            </Form.Item>
            {columnUse && (
              <>
                <LinkField label={t('columnLink')} path={current?.columnLink ?? ''} />
                <Form.Item name="columnCondition" label={t('columnCondition')}>
                  <Select
                    mode="multiple"
                    allowClear
                    options={searchOptions}
                    placeholder={t('choose')}
                    optionFilterProp="label"
                    aria-label={t('columnCondition')}
                  />
                </Form.Item>
                <Form.Item
                  name="columnText"
                  label={t('columnText')}
                  rules={[{ required: true, type: 'array', min: 1, message: t('columnsRequired') }]}
                >
                  <Select
                    mode="multiple"
                    allowClear
                    options={fieldOptions}
                    placeholder={t('choose')}
                    optionFilterProp="label"
                    aria-label={t('columnText')}
                  />
                </Form.Item>
                <PasswordSetting
                  label={t('columnPassUse')}
                  use="columnPassUse"
                  password="columnPassword"
                  on={!!columnPassUse}
                  kept={!!current?.hasColumnPassword}
                />
              </>
            )}
          </>
        )}
        {current?.alreadySave && (
          <Button onClick={renew} style={{ marginLeft: 100 }}>
            {t('renew')}
          </Button>
        )}
      </FormDialog>
    </>
  );
}
