// The area list declared in one place: its data columns and the changes to the standard tail columns (no
// creation time; this screen's sort and state titles).
import type { TableColumnsType } from 'antd';
import type { CrudFrameProps, CrudSource } from '../../../components/crud/CrudList';
import { texts } from './texts';
import type { TreeRow } from './useAreaTree';

export function useAreaColumns(): TableColumnsType<TreeRow> {
  const t = texts.useText();
  return [
    { title: t('fullName'), dataIndex: 'fullName', ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 160 },
  ];
}

export function useAreaTail(): CrudFrameProps<TreeRow, CrudSource<TreeRow>>['tail'] {
  const t = texts.useText();
  return {
    creatorTime: false,
    sortCode: { title: t('sortCode'), width: 80 },
    state: { title: t('enabledMark'), width: 90 },
  };
}
