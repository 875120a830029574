// A filter of a list's search bar: a select of one filter with an "all" choice ('') first; a choice goes to
// page 1 of the list filtered by it.
import { Select } from 'antd';
import type { PagedTable } from '../admin';
import type { QueryParams } from '../../platform/request';

export interface FilterSelectProps<Row, F extends QueryParams> {
  table: PagedTable<Row, F>;
  name: keyof F & string;
  /** the select's accessible name */
  label: string;
  /** the label of the "all" choice */
  all: string;
  options: readonly { value: string; label: string }[];
  loading?: boolean;
  width?: number;
}

export function FilterSelect<Row, F extends QueryParams>({
  table,
  name,
  label,
  all,
  options,
  loading,
  width = 160,
}: FilterSelectProps<Row, F>) {
  return (
    <Select
      style={{ width }}
      aria-label={label}
      value={table.filters[name]}
      onChange={(value: F[keyof F & string]) => table.setFilter(name, value)}
      loading={loading}
      options={[{ value: '', label: all }, ...options]}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
