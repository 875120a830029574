// The company / department dialog. A company has a parent company (or the top), a department a parent
// company or department, and a manager; both have name, code, sort, state and description.
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { FormDialog, maxLength } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, useAllUsers, useCompanyTree, useDepartmentTree } from '../../../components/directory/trees';
import { organizeApi, type OrganizeInput, type OrgKind } from './api';
import { texts } from './texts';

interface Values extends OrganizeInput {
  shortName?: string;
}

export const TOP = '-1';

export function OrganizeForm({
  open,
  kind,
  id,
  parentId,
  onClose,
  onSaved,
}: {
  open: boolean;
  kind: OrgKind;
  id?: string;
  parentId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<Values>();
  const isCompany = kind === 'company';
  const info = useQuery({
    queryKey: ['permission', 'organize', 'info', kind, id],
    queryFn: () => organizeApi.info(kind, id!),
    enabled: open && !!id,
    gcTime: 0,
  });
  const companies = useCompanyTree(id ?? '0', open && isCompany);
  const departments = useDepartmentTree(id ?? '0', open && !isCompany);
  const users = useAllUsers(open && !isCompany);
  useEffect(() => {
    if (!open || !info.data) return;
    const property =
      typeof info.data.propertyJson === 'string'
        ? (() => {
            try {
              return JSON.parse(info.data.propertyJson || '{}') as Record<string, string>;
            } catch {
              return {};
            }
          })()
        : (info.data.propertyJson ?? {});
    form.setFieldsValue({
      ...info.data,
      managerId: info.data.managerId || undefined,
      propertyJson: undefined,
      shortName: property.shortName ?? '',
    });
  }, [open, info.data, form]);

  const parentTree = isCompany
    ? [{ value: TOP, title: t('topLevel'), key: TOP }, ...toTreeData(companies.data ?? [])]
    : toTreeData(departments.data ?? []);

  return (
    <FormDialog<Values>
      open={open}
      title={
        id ? (isCompany ? t('editCompany') : t('editDepartment')) : isCompany ? t('addCompany') : t('addDepartment')
      }
      form={form}
      loading={!!id && info.isLoading}
      loadError={!!id && info.isError}
      onRetry={() => void info.refetch()}
      initialValues={{ enabledMark: 1, sortCode: 0, parentId: parentId ?? (isCompany ? TOP : undefined) }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={({ shortName, ...values }) => {
        const input: OrganizeInput = {
          ...values,
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
          ...(isCompany ? { propertyJson: shortName ? { shortName } : {} } : { managerId: values.managerId ?? '' }),
          ...(id ? { version: info.data?.version } : {}),
        };
        return id ? organizeApi.update(kind, id, input) : organizeApi.create(kind, input);
      }}
    >
      <Form.Item
        name="parentId"
        label={isCompany ? t('parentCompany') : t('parentOrganize')}
        rules={[{ required: true, message: isCompany ? t('companyParentRequired') : t('departmentParentRequired') }]}
      >
        <TreeSelect
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={s('selectPlaceholder')}
          loading={isCompany ? companies.isLoading : departments.isLoading}
          treeData={parentTree}
        />
      </Form.Item>
      <NameCodeFields
        nameLabel={isCompany ? t('companyName') : t('departmentName')}
        codeLabel={isCompany ? t('companyCode') : t('departmentCode')}
        nameRequired={isCompany ? t('companyNameRequired') : t('departmentNameRequired')}
        codeRequired={isCompany ? t('companyCodeRequired') : t('departmentCodeRequired')}
      />
      {isCompany ? (
        <Form.Item name="shortName" label={t('shortName')} rules={[maxLength(s('nameTooLong'), 500)]}>
          <Input autoComplete="off" />
        </Form.Item>
      ) : (
        <Form.Item name="managerId" label={t('manager')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={s('selectPlaceholder')}
            loading={users.isLoading}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
          />
        </Form.Item>
      )}
      <TailFields />
    </FormDialog>
  );
}
