// The company / department dialog. A company has a parent company (or the top), a department a parent
// company or department, and a manager; both have name, code, sort, state and description.
import { Form, Input } from 'antd';
import { FormDialog, maxLength } from '../../../components/admin';
import { TreePickerField, useRecordDialog } from '../../../components/crud/recordDialog';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, useCompanyTree, useDepartmentTree } from '../../../components/directory/trees';
import { UserSelect } from '../../../components/directory/UserSelect';
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
  const isCompany = kind === 'company';
  const { info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof organizeApi.info>>, Values>({
    slot: { open, id, onClose, onSaved },
    queryKey: ['permission', 'organize', 'info', kind, id],
    load: (recordId) => organizeApi.info(kind, recordId),
    titles: isCompany
      ? { add: t('addCompany'), edit: t('editCompany') }
      : { add: t('addDepartment'), edit: t('editDepartment') },
    fill: (organize) => {
      const property =
        typeof organize.propertyJson === 'string'
          ? (() => {
              try {
                return JSON.parse(organize.propertyJson || '{}') as Record<string, string>;
              } catch {
                return {};
              }
            })()
          : (organize.propertyJson ?? {});
      return {
        ...organize,
        managerId: organize.managerId || undefined,
        propertyJson: undefined,
        shortName: property.shortName ?? '',
      };
    },
  });
  const companies = useCompanyTree(id ?? '0', open && isCompany);
  const departments = useDepartmentTree(id ?? '0', open && !isCompany);

  const parentTree = isCompany
    ? [{ value: TOP, title: t('topLevel'), key: TOP }, ...toTreeData(companies.data ?? [])]
    : toTreeData(departments.data ?? []);

  return (
    <FormDialog<Values>
      {...dialogProps}
      initialValues={{ enabledMark: 1, sortCode: 0, parentId: parentId ?? (isCompany ? TOP : undefined) }}
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
      <TreePickerField
        name="parentId"
        label={isCompany ? t('parentCompany') : t('parentOrganize')}
        requiredMessage={isCompany ? t('companyParentRequired') : t('departmentParentRequired')}
        loading={isCompany ? companies.isLoading : departments.isLoading}
        treeData={parentTree}
      />
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
          <UserSelect />
        </Form.Item>
      )}
      <TailFields />
    </FormDialog>
  );
}
