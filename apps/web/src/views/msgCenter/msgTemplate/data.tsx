// The message template list declared in one place: its data columns (the shared template type and who
// created and changed it), the filters of its search bar, and the question of a system template's row.
import type { TableColumnsType } from 'antd';
import { showingAll, type RecordFilterKey } from '../shared/RecordSearchBar';
import { useRecordColumns } from '../shared/useRecordColumns';
import { templateApi, templateKeys, type TemplateRow } from './api';
import { texts } from './texts';

/** the filters after the keyword, in this order */
export const FILTERS: readonly RecordFilterKey[] = ['messageSource', 'messageType', 'templateType', 'enabledMark'];

export const INITIAL_FILTERS = showingAll(FILTERS);

/** where the list is read and what it starts filtered by */
export const TEMPLATE_LIST = { queryKey: templateKeys.list, url: templateApi.listUrl, initialFilters: INITIAL_FILTERS };

/** the shared audit columns the frame does not add: creator, creation and last change times */
const AUDIT = ['creatorUser', 'creatorTime', 'lastModifyTime'];

export function useTemplateColumns(): TableColumnsType<TemplateRow> {
  const t = texts.useText();
  const { templateType, audit } = useRecordColumns<TemplateRow>();
  return [
    { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
    { title: t('messageSource'), dataIndex: 'messageSource', width: 100 },
    { title: t('messageType'), dataIndex: 'messageType', width: 110 },
    templateType,
    ...audit.filter((column) => 'dataIndex' in column && AUDIT.includes(String(column.dataIndex))),
  ];
}
