// The electronic seal list declared in one place: its data columns and the creation time shown to the second.
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { CrudListProps } from '../../../components/crud/CrudList';
import type { SignatureRow } from './api';
import { texts } from './texts';

export function useSignatureColumns(): TableColumnsType<SignatureRow> {
  const t = texts.useText();
  return [
    { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
    { title: t('userIds'), dataIndex: 'userIds', ellipsis: true },
  ];
}

/** seals have no sort and no state; their creation time shows seconds */
export function useSignatureTail(): CrudListProps<SignatureRow, Record<string, never>>['tail'] {
  const t = texts.useText();
  return {
    creatorTime: {
      title: t('creatorTime'),
      width: 180,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    sortCode: false,
    state: false,
  };
}
