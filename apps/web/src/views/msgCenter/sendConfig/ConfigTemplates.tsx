// The templates of a send configuration as a form control: one row per channel template (channel, template
// code and name, state), added and edited in a small dialog that picks among the enabled templates of that
// channel and of the configuration's message source; removed after a confirmation.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { kitTexts } from '../../../components/admin';
import { useCodeDictionary } from '../shared/codes';
import { DescriptionField, EnabledField, SortCodeField } from '../shared/RecordFields';
import { SubFormDialog } from '../shared/SubFormDialog';
import { useConfirmedChange } from '../shared/useConfirmedChange';
import { sendConfigApi, type ConfigTemplate } from './api';
import { texts } from './texts';
import { useTemplateLineColumns } from './useTemplateLineColumns';

interface RowValues {
  messageType?: string;
  templateId?: string;
  sortCode?: number;
  enabledMark: number;
  description?: string;
}

function TemplateRowDialog({
  open,
  row,
  messageSource,
  onClose,
  onDone,
}: {
  open: boolean;
  row?: ConfigTemplate;
  messageSource: string;
  onClose: () => void;
  onDone: (row: ConfigTemplate) => void;
}) {
  const t = texts.useText();
  const [form] = Form.useForm<RowValues>();
  const types = useCodeDictionary('msgSendType');
  const messageType = Form.useWatch('messageType', form);
  const templates = useQuery({
    queryKey: ['msgCenter', 'sendConfig', 'templates', messageType, messageSource],
    queryFn: () => sendConfigApi.templates(messageType!, messageSource),
    enabled: open && Boolean(messageType),
  });
  const options = (templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.fullName, code: tpl.enCode }));
  // the row's template may be disabled since: it still shows by its name
  if (row && row.messageType === messageType && !options.some((o) => o.value === row.templateId))
    options.push({ value: row.templateId, label: row.templateName ?? row.templateId, code: row.templateCode ?? '' });
  const templateId = Form.useWatch('templateId', form);
  const chosen = options.find((o) => o.value === templateId);

  return (
    <SubFormDialog<RowValues>
      open={open}
      title={row ? t('editTemplate') : t('addTemplate')}
      width={520}
      form={form}
      initialValues={
        row ? { ...row, description: row.description ?? '' } : { enabledMark: 1, sortCode: 0, description: '' }
      }
      onFinish={(values) => {
        const picked = options.find((o) => o.value === values.templateId);
        onDone({
          id: row?.id,
          messageType: values.messageType!,
          templateId: values.templateId!,
          templateCode: picked?.code ?? '',
          templateName: picked?.label ?? '',
          sortCode: values.sortCode ?? 0,
          enabledMark: values.enabledMark ?? 1,
          description: values.description ?? '',
        });
      }}
      onClose={onClose}
    >
      <Form.Item name="messageType" label={t('messageType')} rules={[{ required: true, message: t('typeRequired') }]}>
        <Select
          options={types.options}
          loading={types.isLoading}
          placeholder={t('selectPlaceholder')}
          onChange={() => form.setFieldValue('templateId', undefined)}
        />
      </Form.Item>
      <Form.Item
        name="templateId"
        label={t('templateName')}
        rules={[{ required: true, message: t('templateRequired') }]}
        extra={messageType && templates.isSuccess && options.length === 0 ? t('noTemplateOfType') : undefined}
      >
        <Select
          options={options}
          loading={templates.isFetching}
          disabled={!messageType}
          placeholder={messageType ? t('chooseTemplate') : t('typeRequired')}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item label={t('templateCode')}>
        <Input value={chosen?.code ?? ''} disabled aria-label={t('templateCode')} />
      </Form.Item>
      <SortCodeField />
      <EnabledField />
      <DescriptionField withPlaceholder={false} />
    </SubFormDialog>
  );
}

export function ConfigTemplates({
  value,
  onChange,
  messageSource,
  onView,
}: {
  value?: ConfigTemplate[];
  onChange?: (rows: ConfigTemplate[]) => void;
  /** the configuration's source: templates are picked among its own */
  messageSource?: string;
  onView?: (templateId: string) => void;
}) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const rows = value ?? [];
  const lineColumns = useTemplateLineColumns<ConfigTemplate>();
  const { confirmChange, holder } = useConfirmedChange();
  const [dialog, setDialog] = useState<{ open: boolean; index?: number }>({ open: false });

  const form = Form.useFormInstance();
  const open = (index?: number) => {
    // templates are picked among the source's own: the source field says what is missing
    if (!messageSource) {
      void form.validateFields(['messageSource']).catch(() => undefined);
      return;
    }
    setDialog({ open: true, index });
  };

  const columns: TableColumnsType<ConfigTemplate> = [
    ...lineColumns,
    {
      title: t('enabledMark'),
      dataIndex: 'enabledMark',
      width: 70,
      align: 'center',
      render: (mark: number, _row, index) => (
        <Switch
          size="small"
          checked={mark === 1}
          aria-label={`${t('enabledMark')} ${index + 1}`}
          onChange={(checked) =>
            onChange?.(rows.map((r, i) => (i === index ? { ...r, enabledMark: checked ? 1 : 0 } : r)))
          }
        />
      ),
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 170,
      render: (_value, row, index) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(index)}>
            {k('edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmChange(t('removeTemplateTip'), () => onChange?.(rows.filter((_r, i) => i !== index)))}
          >
            {t('removeTemplate')}
          </Button>
          {onView && (
            <Button type="link" size="small" onClick={() => onView(row.templateId)}>
              {t('viewTemplate')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {holder}
      <Table<ConfigTemplate>
        size="small"
        rowKey={(row) => row.id ?? `${row.messageType}-${row.templateId}`}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('noTemplates') }}
        scroll={{ x: 600 }}
        aria-label={t('templates')}
      />
      <Button type="dashed" icon={<PlusOutlined />} block onClick={() => open()}>
        {t('addTemplate')}
      </Button>
      <TemplateRowDialog
        open={dialog.open}
        row={dialog.index != null ? rows[dialog.index] : undefined}
        messageSource={messageSource ?? ''}
        onClose={() => setDialog({ open: false })}
        onDone={(row) => {
          onChange?.(dialog.index != null ? rows.map((r, i) => (i === dialog.index ? row : r)) : [...rows, row]);
          setDialog({ open: false });
        }}
      />
    </Space>
  );
}
