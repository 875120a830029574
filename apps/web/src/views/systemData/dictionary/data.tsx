// The dictionary item list declared in one place: its data columns and the changes to the standard tail
// columns (no creation time; the sort and state titles of this screen).
import type { TableColumnsType } from 'antd';
import type { CrudFrameProps, CrudSource } from '../../../components/crud/CrudList';
import type { ItemRow } from './api';
import { texts } from './texts';

export function useItemColumns(): TableColumnsType<ItemRow> {
  const t = texts.useText();
  return [
    { title: t('name'), dataIndex: 'fullName', ellipsis: true },
    { title: t('code'), dataIndex: 'enCode', ellipsis: true },
  ];
}

export function useItemTail(): CrudFrameProps<ItemRow, CrudSource<ItemRow>>['tail'] {
  const t = texts.useText();
  return {
    creatorTime: false,
    sortCode: { title: t('sort'), width: 80 },
    state: { title: t('status'), width: 90 },
  };
}
