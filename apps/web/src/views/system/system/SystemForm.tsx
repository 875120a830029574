// The application dialog: name, code, icon, sort, state and description; an edit sends back the version it read.
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { FormDialog, maxLength } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { systemApi, type SystemInput, type SystemRow } from './api';
import { texts } from './texts';

export function SystemForm({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row?: SystemRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<SystemInput>();
  useEffect(() => {
    if (open && row) form.setFieldsValue(row);
  }, [open, row, form]);
  return (
    <FormDialog<SystemInput>
      open={open}
      title={row ? t('edit') : t('add')}
      form={form}
      initialValues={{ enabledMark: 1, sortCode: 0 }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) => {
        const input = {
          ...values,
          icon: values.icon ?? '',
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
        };
        return row ? systemApi.update(row.id, { ...input, version: row.version }) : systemApi.create(input);
      }}
    >
      <NameCodeFields texts={t} variant="menu" />
      <Form.Item name="icon" label={t('icon')} rules={[maxLength(s('nameTooLong'), 200)]}>
        <Input placeholder="icon-ym icon-ym-…" autoComplete="off" />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}
