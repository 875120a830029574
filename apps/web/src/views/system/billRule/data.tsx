// The number-rule list declared in one place: its data columns, the changes to the standard tail columns
// and the category filter (categories from the businessType dictionary).
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useDictionary, type PagedTable } from '../../../components/admin';
import type { CrudListProps } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { billRuleApi, billRuleKeys, type RuleRow } from '../../../components/billRule/api';
import { texts } from '../../../components/billRule/texts';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export interface RuleFilters extends Record<string, string> {
  categoryId: string;
}

export const INITIAL_FILTERS: RuleFilters = { categoryId: '' };

/** where the list is read and what it starts filtered by */
export const RULE_LIST = { queryKey: billRuleKeys.list, url: billRuleApi.listUrl, initialFilters: INITIAL_FILTERS };

export function useRuleColumns(): TableColumnsType<RuleRow> {
  const t = texts.useText();
  return [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', sorter: true, ellipsis: true, width: 150 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', sorter: true, ellipsis: true, width: 130 },
    { title: t('category'), dataIndex: 'category', width: 100, ellipsis: true },
    { title: t('example'), dataIndex: 'example', ellipsis: true, width: 200 },
    {
      title: t('outputNumber'),
      dataIndex: 'outputNumber',
      key: 'outputNumber',
      sorter: true,
      ellipsis: true,
      width: 170,
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 120, ellipsis: true },
  ];
}

export function useRuleTail(): CrudListProps<RuleRow, RuleFilters>['tail'] {
  const t = texts.useText();
  return {
    creatorTime: {
      title: t('creatorTime'),
      key: 'creatorTime',
      sorter: true,
      width: 165,
      render: (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : ''),
    },
    sortCode: { title: t('sortCode'), key: 'sortCode', sorter: true, width: 80 },
    state: { title: t('enabledMark'), fixed: 'right' },
  };
}

export function CategoryFilter({ table }: { table: PagedTable<RuleRow, RuleFilters> }) {
  const t = texts.useText();
  const categories = useDictionary('businessType');
  return (
    <FilterSelect
      table={table}
      name="categoryId"
      label={t('category')}
      all={t('allCategories')}
      width={180}
      loading={categories.isLoading}
      options={categories.options}
    />
  );
}
