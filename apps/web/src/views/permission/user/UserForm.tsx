// The user dialog (new / edit): account, name, gender (dictionary sex), organisations, positions and roles those
// organisations offer, manager, mobile, email, sort, state and description, with core's field rules (name, mobile,
// email) and the server's own messages on the client.
import { fieldRuleMessages, fieldRules } from '@jnpf/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { FormDialog, maxLength, pattern, required, sortCodeRule, useDictionary } from '../../../components/admin';
import { currentLanguage } from '../../../platform/i18n';
import {
  splitIds,
  toTreeData,
  useDepartmentTree,
  usePositionTree,
  type SelectorNode,
} from '../../../components/directory/trees';
import { TreePicker } from '../../../components/crud/recordDialog';
import { UserSelect } from '../../../components/directory/UserSelect';
import { userApi, userKeys, type UserInput } from './api';
import { texts } from './texts';

/** the server's account pattern: letters, digits, Chinese, dots, dashes and underscores */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9\u4e00-\u9fa5._-]+$/;

interface FormValues {
  account: string;
  realName: string;
  gender?: string;
  organizeId: string[];
  positionId: string[];
  roleId: string[];
  managerId?: string;
  mobilePhone?: string;
  email?: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
}

/** the roles a user of these organisations may hold: global ones and those of the organisations themselves */
function useRolesOfOrganizations(organizeIds: readonly string[], enabled: boolean) {
  const key = [...organizeIds].sort().join(',');
  return useQuery({
    queryKey: userKeys.roles(key),
    queryFn: () => userApi.rolesOf(organizeIds),
    // the chosen roles keep their names while the organisations' roles reload
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** once the choices have loaded, drops the chosen ids of `field` that they no longer offer */
function useDropUnoffered(
  form: FormInstance<FormValues>,
  field: 'positionId' | 'roleId',
  offered: { data?: SelectorNode[]; isFetching: boolean },
) {
  const { data, isFetching } = offered;
  useEffect(() => {
    if (!data || isFetching) return;
    const ids = new Set<string>();
    const walk = (list: readonly SelectorNode[]) =>
      list.forEach((n) => {
        ids.add(n.id);
        walk(n.children ?? []);
      });
    walk(data);
    const chosen = (form.getFieldValue(field) as string[] | undefined) ?? [];
    if (chosen.some((id) => !ids.has(id)))
      form.setFieldValue(
        field,
        chosen.filter((id) => ids.has(id)),
      );
  }, [data, isFetching, form, field]);
}

export function UserForm({
  open,
  id,
  onClose,
  onSaved,
}: {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const lang = currentLanguage();
  const [form] = Form.useForm<FormValues>();
  const info = useQuery({
    queryKey: ['permission', 'users', 'info', id],
    queryFn: () => userApi.info(id!),
    enabled: open && !!id,
    gcTime: 0,
    staleTime: 0,
  });
  const sex = useDictionary('sex');
  const departments = useDepartmentTree('0', open);
  const organizeIds = Form.useWatch('organizeId', form) ?? [];
  const positions = usePositionTree(organizeIds, open);
  // roles follow the organisations as positions do: the server refuses a role of an organisation not chosen
  const roles = useRolesOfOrganizations(organizeIds, open);
  useDropUnoffered(form, 'positionId', positions);
  useDropUnoffered(form, 'roleId', roles);

  useEffect(() => {
    if (!open || !info.data) return;
    const u = info.data;
    form.setFieldsValue({
      account: u.account,
      realName: u.realName,
      gender: u.gender || undefined,
      organizeId: splitIds(u.organizeId),
      positionId: splitIds(u.positionId),
      roleId: splitIds(u.roleId),
      managerId: u.managerId || undefined,
      mobilePhone: u.mobilePhone,
      email: u.email,
      sortCode: u.sortCode,
      enabledMark: u.enabledMark,
      description: u.description,
    });
  }, [open, info.data, form]);

  const submit = (values: FormValues) => {
    const input: UserInput = {
      account: values.account.trim(),
      realName: values.realName.trim(),
      gender: values.gender ?? '',
      organizeId: values.organizeId.join(','),
      positionId: (values.positionId ?? []).join(','),
      roleId: (values.roleId ?? []).join(','),
      managerId: values.managerId ?? '',
      mobilePhone: values.mobilePhone ?? '',
      email: values.email ?? '',
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabledMark ?? 1,
      description: values.description ?? '',
    };
    if (id) return userApi.update(id, { ...input, version: info.data?.version });
    return userApi.create(input);
  };

  const stateOptions = [
    { value: 1, label: t('enabled') },
    { value: 0, label: t('disabled') },
    ...(info.data?.enabledMark === 2 ? [{ value: 2, label: t('locked') }] : []),
  ];

  return (
    <FormDialog<FormValues>
      open={open}
      title={id ? t('edit') : t('add')}
      form={form}
      width={800}
      loading={!!id && info.isLoading}
      loadError={!!id && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={{ sortCode: 0, enabledMark: 1, organizeId: [], positionId: [], roleId: [] }}
      onSubmit={submit}
      onCancel={onClose}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="account"
            label={t('account')}
            rules={[
              required(t('accountRequired')),
              maxLength(t('accountTooLong')),
              pattern(ACCOUNT_PATTERN, t('accountInvalid')),
            ]}
          >
            <Input disabled={!!id} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="realName"
            label={t('realName')}
            rules={[
              required(t('realNameRequired')),
              maxLength(t('realNameTooLong')),
              pattern(fieldRules.name, fieldRuleMessages.name[lang]),
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('gender')} rules={[{ required: true, message: t('genderRequired') }]}>
            <Select
              placeholder={t('selectPlaceholder')}
              loading={sex.isLoading}
              options={sex.items.map((item) => ({ value: item.enCode, label: item.fullName }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="organizeId"
            label={t('organize')}
            rules={[{ required: true, type: 'array', min: 1, message: t('organizeRequired') }]}
          >
            <TreePicker multiple loading={departments.isLoading} treeData={toTreeData(departments.data ?? [])} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="positionId" label={t('position')}>
            <TreePicker
              multiple
              loading={positions.isFetching}
              treeData={toTreeData(positions.data ?? [], (n) => n.type === 'position')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="roleId" label={t('role')}>
            <TreePicker
              multiple
              loading={roles.isFetching}
              treeData={toTreeData(
                (roles.data ?? []).filter((n) => n.children?.length),
                (n) => n.type === 'role',
              )}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="managerId" label={t('manager')}>
            <UserSelect placeholder={t('selectPlaceholder')} exclude={id} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="mobilePhone"
            label={t('mobilePhone')}
            rules={[pattern(fieldRules.mobile, fieldRuleMessages.mobile[lang])]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('email')} rules={[pattern(fieldRules.email, fieldRuleMessages.email[lang])]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sortCode" label={t('sortCode')} rules={[sortCodeRule(t('sortRange'))]}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="enabledMark" label={t('state')}>
            <Select options={stateOptions} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('description')} rules={[maxLength(t('description'), 500)]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
