// The user-group screen: a paged list (keyword, type); add, edit, enable/disable and delete.
import { Select } from 'antd';
import { useDictionary } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { fieldTexts } from '../../../components/form/texts';
import { groupApi, groupKeys, type GroupRow } from './api';
import { GroupForm } from './GroupForm';
import { texts } from './texts';

export default function GroupPage() {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const types = useDictionary('groupType');
  return (
    <CrudList<GroupRow, { type: string }>
      title={t('title')}
      queryKey={groupKeys.list}
      url={groupApi.listUrl}
      initialFilters={{ type: '' }}
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 160, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 140, ellipsis: true },
        { title: t('type'), dataIndex: 'type', width: 110 },
        { title: t('description'), dataIndex: 'description', width: 200, ellipsis: true },
      ]}
      toggle={(row) => groupApi.toggle(row.id)}
      remove={(row) => groupApi.remove(row.id)}
      filters={(table) => (
        <Select
          style={{ width: 160 }}
          aria-label={t('type')}
          value={table.filters.type}
          onChange={(value: string) => table.setFilter('type', value)}
          options={[
            { value: '', label: s('allTypes') },
            ...types.items.map((i) => ({ value: i.id, label: i.fullName })),
          ]}
        />
      )}
      renderForm={(slot) => <GroupForm {...slot} />}
    />
  );
}
