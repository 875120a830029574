// The user list declared in one place: its data columns, the state tag (locked besides enabled and disabled),
// its filters (the organisation the tree sets, 性别 and 状态 beside the keyword, sent as the reference's keys
// gender and enabledMark), and the column names of the export.
import { Tag, type TableColumnsType } from 'antd';
import { useDictionary, type PagedTable } from '../../../components/admin';
import type { CrudListProps } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { userApi, userKeys, type UserRow } from './api';
import { texts } from './texts';

export interface UserFilters extends Record<string, string> {
  organizeId: string;
  /** the sex dictionary's code, '' for all */
  gender: string;
  /** '1' enabled, '0' disabled, '2' locked, '' for all */
  enabledMark: string;
}

export const INITIAL_FILTERS: UserFilters = { organizeId: '', gender: '', enabledMark: '' };

/** where the list is read and what it starts filtered by */
export const USER_LIST = { queryKey: userKeys.list, url: userApi.listUrl, initialFilters: INITIAL_FILTERS };

export function StateTag({ mark }: { mark: number }) {
  const t = texts.useText();
  if (mark === 2) return <Tag color="warning">{t('locked')}</Tag>;
  return mark === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
}

/** 性别 (the sex dictionary) and 状态 (启用, 禁用, 锁定) beside the keyword */
export function UserFilterSelects({ table }: { table: PagedTable<UserRow, UserFilters> }) {
  const t = texts.useText();
  const sex = useDictionary('sex');
  return (
    <>
      <FilterSelect
        table={table}
        name="gender"
        label={t('gender')}
        all={t('allGenders')}
        width={130}
        loading={sex.isLoading}
        options={sex.items.map((item) => ({ value: item.enCode, label: item.fullName }))}
      />
      <FilterSelect
        table={table}
        name="enabledMark"
        label={t('state')}
        all={t('allStates')}
        width={130}
        options={[
          { value: '1', label: t('enabled') },
          { value: '0', label: t('disabled') },
          { value: '2', label: t('locked') },
        ]}
      />
    </>
  );
}

export function useUserColumns(): TableColumnsType<UserRow> {
  const t = texts.useText();
  return [
    { title: t('account'), dataIndex: 'account', width: 140, ellipsis: true },
    { title: t('realName'), dataIndex: 'realName', width: 120, ellipsis: true },
    { title: t('gender'), dataIndex: 'gender', width: 70, align: 'center' },
    { title: t('mobilePhone'), dataIndex: 'mobilePhone', width: 130 },
    { title: t('organize'), dataIndex: 'organize', ellipsis: true, width: 220 },
  ];
}

export function useUserTail(): CrudListProps<UserRow, UserFilters>['tail'] {
  const t = texts.useText();
  return { state: { title: t('state'), render: (mark: number) => <StateTag mark={mark} /> } };
}

/** the names of the columns the export offers */
export function useExportLabel(): (key: string) => string {
  const t = texts.useText();
  return (key) =>
    ({
      account: t('account'),
      realName: t('realName'),
      gender: t('gender'),
      email: t('email'),
      organizeId: t('organize'),
      managerId: t('manager'),
      positionId: t('position'),
      roleId: t('role'),
      sortCode: t('sortCode'),
      description: t('description'),
      mobilePhone: t('mobilePhone'),
    })[key] ?? key;
}
