// Batch grant, first step: whom to grant to — roles, positions and users, any mix. The next step is the grant
// drawer starting from nothing held; its save replaces the grants of every chosen object (Authority/Data/Batch).
import { Alert, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useAllPositionTree, useAllUsers, useRoleTree } from '../../../components/directory/trees';
import type { BatchTargets } from './api';
import { TreeField, UsersField } from './TargetFields';
import { texts } from './texts';

export function BatchGrantDialog({
  open,
  onCancel,
  onNext,
}: {
  open: boolean;
  onCancel: () => void;
  onNext: (targets: BatchTargets, label: string) => void;
}) {
  const t = texts.useText();
  const [form] = Form.useForm<BatchTargets>();
  const [empty, setEmpty] = useState(false);
  const users = useAllUsers(open);
  const roles = useRoleTree(open);
  const positions = useAllPositionTree(open);
  useEffect(() => {
    if (open) {
      form.resetFields();
      setEmpty(false);
    }
  }, [open, form]);

  const next = () => {
    const values = form.getFieldsValue();
    const targets: BatchTargets = {
      roleIds: values.roleIds ?? [],
      positionIds: values.positionIds ?? [],
      userIds: values.userIds ?? [],
    };
    const count = targets.roleIds.length + targets.positionIds.length + targets.userIds.length;
    if (!count) {
      setEmpty(true);
      return;
    }
    onNext(targets, t('batchTitleCount', { n: count }));
  };

  return (
    <Modal
      open={open}
      title={t('batchTitle')}
      width={700}
      okText={t('next')}
      cancelText={t('cancel')}
      onOk={next}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('batchHint')} />
      <Form<BatchTargets> form={form} layout="vertical">
        <TreeField
          name="roleIds"
          label={t('roles')}
          tree={roles}
          selectable={(type) => type === 'role'}
          onChange={() => setEmpty(false)}
        />
        <TreeField
          name="positionIds"
          label={t('positions')}
          tree={positions}
          selectable={(type) => type === 'position'}
          onChange={() => setEmpty(false)}
        />
        <UsersField name="userIds" label={t('users')} users={users} onChange={() => setEmpty(false)} />
      </Form>
      {empty && <Alert type="error" showIcon title={t('batchEmpty')} />}
    </Modal>
  );
}
