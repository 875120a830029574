// The function-design list declared in one place: its data columns (the category by its dictionary name, the
// design state, the two times), the tail without the enabled state, and the category filter.
import { Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { PagedTable } from '../../../components/admin';
import type { CrudListProps } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { webDesignApi, webDesignKeys, type DesignRow } from './api';
import { texts } from './texts';
import type { useCategories } from './useCategories';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const STATE_COLORS = ['default', 'success', 'warning'] as const;
const time = (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : '');

export interface DesignFilters extends Record<string, string | number> {
  type: number;
  category: string;
}

export const INITIAL_FILTERS: DesignFilters = { type: 1, category: '' };

/** where the list is read and what it starts filtered by */
export const DESIGN_LIST = { queryKey: webDesignKeys.list, url: webDesignApi.listUrl, initialFilters: INITIAL_FILTERS };

type Categories = ReturnType<typeof useCategories>;

export function useDesignColumns(categories: Categories): TableColumnsType<DesignRow> {
  const t = texts.useText();
  return [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', sorter: true, ellipsis: true, width: 180 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', sorter: true, ellipsis: true, width: 150 },
    {
      title: t('category'),
      dataIndex: 'category',
      width: 110,
      ellipsis: true,
      render: (category: string, row) => categories.labelOf(row.categoryId || category),
    },
    {
      title: t('webType'),
      dataIndex: 'webType',
      width: 80,
      align: 'center',
      render: (webType: number) => (Number(webType) === 2 ? t('webTypeList') : t('webTypeForm')),
    },
    {
      title: t('state'),
      dataIndex: 'state',
      key: 'state',
      width: 90,
      align: 'center',
      render: (state: number) => {
        const known = state === 1 || state === 2 ? state : 0;
        return <Tag color={STATE_COLORS[known]}>{t(`state${known}`)}</Tag>;
      },
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 120, ellipsis: true },
    { title: t('creatorTime'), dataIndex: 'creatorTime', key: 'creatorTime', sorter: true, width: 165, render: time },
    {
      title: t('lastModifyTime'),
      dataIndex: 'lastModifyTime',
      key: 'lastModifyTime',
      sorter: true,
      width: 165,
      render: time,
    },
  ];
}

export const DESIGN_TAIL: CrudListProps<DesignRow, DesignFilters>['tail'] = {
  creatorTime: false,
  state: false,
  sortCode: { key: 'sortCode', sorter: true },
};

export function CategoryFilter({
  table,
  categories,
}: {
  table: PagedTable<DesignRow, DesignFilters>;
  categories: Categories;
}) {
  const t = texts.useText();
  return categories.fromDictionary ? (
    <FilterSelect
      table={table}
      name="category"
      label={t('category')}
      all={t('allCategories')}
      width={180}
      options={categories.options}
    />
  ) : null;
}
