// The user list declared in one place: its data columns, the state tag (locked besides enabled and disabled),
// the filter the organisation tree sets, and the column names of the export.
import { Tag, type TableColumnsType } from 'antd';
import type { CrudListProps } from '../../../components/crud/CrudList';
import { userApi, userKeys, type UserRow } from './api';
import { texts } from './texts';

export interface UserFilters extends Record<string, string> {
  organizeId: string;
}

export const INITIAL_FILTERS: UserFilters = { organizeId: '' };

/** where the list is read and what it starts filtered by */
export const USER_LIST = { queryKey: userKeys.list, url: userApi.listUrl, initialFilters: INITIAL_FILTERS };

export function StateTag({ mark }: { mark: number }) {
  const t = texts.useText();
  if (mark === 2) return <Tag color="warning">{t('locked')}</Tag>;
  return mark === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
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
