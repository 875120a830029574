// The smaller dialogs of the user screen: reset password, export and work handover.
import { fieldRuleMessages, fieldRules, md5Hex } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { downloadFile, FormDialog, pattern, required, showFailure } from '../../../components/admin';
import { currentLanguage } from '../../../platform/i18n';
import type { QueryParams } from '../../../platform/request';
import { UserSelect } from '../../../components/directory/UserSelect';
import { userApi, type UserRow } from './api';
import { texts } from './texts';

interface PasswordValues {
  password: string;
  confirm: string;
}

/** sets a user's password; the server receives the md5 of it, twice */
export function ResetPasswordDialog({ user, onClose }: { user?: UserRow; onClose: () => void }) {
  const t = texts.useText();
  const [form] = Form.useForm<PasswordValues>();
  const lang = currentLanguage();
  return (
    <FormDialog<PasswordValues>
      open={!!user}
      title={user ? `${t('resetPassword')} - ${user.realName}/${user.account}` : t('resetPassword')}
      form={form}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(values) => userApi.resetPassword(user!.id, md5Hex(values.password))}
    >
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[required(t('passwordRequired')), pattern(fieldRules.password, fieldRuleMessages.password[lang])]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          required(t('confirmRequired')),
          ({ getFieldValue }) => ({
            validator: (_rule, value: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

export const EXPORT_COLUMNS = [
  'account',
  'realName',
  'gender',
  'email',
  'organizeId',
  'managerId',
  'positionId',
  'roleId',
  'sortCode',
  'description',
  'mobilePhone',
] as const;

/** export of the current page or everything the filters match, with the chosen columns */
export function ExportDialog({
  open,
  query,
  onClose,
  columnLabel,
}: {
  open: boolean;
  query: QueryParams;
  onClose: () => void;
  columnLabel: (key: string) => string;
}) {
  const t = texts.useText();
  const [dataType, setDataType] = useState<'0' | '1'>('0');
  const [keys, setKeys] = useState<string[]>([...EXPORT_COLUMNS]);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await userApi.exportData({ ...query, dataType, selectKey: keys.join(',') });
      if (file?.url) downloadFile(file);
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('exportTitle')}
      onCancel={onClose}
      onOk={() => void run()}
      confirmLoading={busy}
      okButtonProps={{ disabled: keys.length === 0 }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('exportRange')}>
          <Radio.Group
            value={dataType}
            onChange={(event) => setDataType(event.target.value as '0' | '1')}
            options={[
              { value: '0', label: t('exportPage') },
              { value: '1', label: t('exportAll') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('exportColumns')}>
          <Checkbox.Group
            value={keys}
            onChange={(values) => setKeys(values.map(String))}
            options={EXPORT_COLUMNS.map((key) => ({ value: key, label: columnLabel(key) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface HandoverValues {
  toId: string;
  permissionList: string[];
}

/** hands a user's permission groups over to another user */
export function HandoverDialog({ user, onClose, onDone }: { user?: UserRow; onClose: () => void; onDone: () => void }) {
  const t = texts.useText();
  const [form] = Form.useForm<HandoverValues>();
  const work = useQuery({
    queryKey: ['permission', 'users', 'work', user?.id],
    queryFn: () => userApi.workOf(user!.id),
    enabled: !!user,
    gcTime: 0,
  });
  const groups = work.data?.permission ?? [];
  return (
    <FormDialog<HandoverValues>
      open={!!user}
      title={user ? `${t('handover')} - ${user.realName}/${user.account}` : t('handover')}
      form={form}
      loading={work.isLoading}
      loadError={work.isError}
      onRetry={() => void work.refetch()}
      initialValues={{ permissionList: [] }}
      onCancel={onClose}
      onSaved={onDone}
      onSubmit={(values) => userApi.handover(user!.id, values.toId, values.permissionList ?? [])}
    >
      <Form.Item name="toId" label={t('handoverTo')} rules={[{ required: true, message: t('handoverToRequired') }]}>
        <UserSelect placeholder={t('selectPlaceholder')} exclude={user?.id} allowClear={false} />
      </Form.Item>
      <Form.Item name="permissionList" label={t('handoverPermissions')}>
        {groups.length ? (
          <Checkbox.Group options={groups.map((g) => ({ value: g.id, label: g.fullName }))} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('handoverNone')} />
        )}
      </Form.Item>
    </FormDialog>
  );
}
