// The position screen: the organisation tree filters a paged list of positions (keyword, type); add, edit,
// enable/disable and delete.
import { useDictionary } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { OrgTree } from '../../../components/directory/OrgTree';
import { fieldTexts } from '../../../components/form/texts';
import { positionApi, positionKeys, type PositionRow } from './api';
import { PositionForm } from './PositionForm';
import { texts } from './texts';

export default function PositionPage() {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const types = useDictionary('PositionType');
  return (
    <CrudList<PositionRow, { organizeId: string; type: string }>
      title={t('title')}
      queryKey={positionKeys.list}
      url={positionApi.listUrl}
      showIndex
      more
      initialFilters={{ organizeId: '', type: '' }}
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 160, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 140, ellipsis: true },
        { title: t('type'), dataIndex: 'type', width: 100 },
        { title: t('department'), dataIndex: 'department', width: 220, ellipsis: true },
      ]}
      toggle={(row) => positionApi.toggle(row.id)}
      remove={(row) => positionApi.remove(row.id)}
      side={(table) => (
        <OrgTree selectedId={table.filters.organizeId} onSelect={(id) => table.setFilter('organizeId', id)} />
      )}
      filters={(table) => (
        <FilterSelect
          table={table}
          name="type"
          label={t('type')}
          all={s('allTypes')}
          options={types.items.map((i) => ({ value: i.enCode, label: i.fullName }))}
        />
      )}
      renderForm={(slot) => <PositionForm {...slot} />}
    />
  );
}
