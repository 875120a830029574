// Batch grant, first step: whom to grant to — roles, positions and users, any mix. The next step is the grant
// drawer starting from nothing held; its save replaces the grants of every chosen object (Authority/Data/Batch).
import { Alert, Form, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, useAllPositionTree, useAllUsers, useRoleTree } from '../../../components/directory/trees';
import type { BatchTargets } from './api';
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
  const s = fieldTexts.useText();
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

  const tree = (name: keyof BatchTargets, label: string, data: typeof roles, type: string) => (
    <Form.Item name={name} label={label}>
      <TreeSelect
        multiple
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        placeholder={s('selectPlaceholder')}
        loading={data.isLoading}
        treeData={toTreeData(data.data ?? [], (n) => n.type === type)}
        maxTagCount="responsive"
        onChange={() => setEmpty(false)}
      />
    </Form.Item>
  );

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
        {tree('roleIds', t('roles'), roles, 'role')}
        {tree('positionIds', t('positions'), positions, 'position')}
        <Form.Item name="userIds" label={t('users')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={s('selectPlaceholder')}
            loading={users.isLoading}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
            maxTagCount="responsive"
            onChange={() => setEmpty(false)}
          />
        </Form.Item>
      </Form>
      {empty && <Alert type="error" showIcon title={t('batchEmpty')} />}
    </Modal>
  );
}
