// The role screen: a paged list of roles (keyword, type global / organisation); add, edit, enable/disable
// and delete.
import { CrudList } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { roleApi, roleKeys, type RoleRow } from './api';
import { RoleForm } from './RoleForm';
import { texts } from './texts';

export default function RolePage() {
  const t = texts.useText();
  return (
    <CrudList<RoleRow, { type: string }>
      title={t('title')}
      queryKey={roleKeys.list}
      url={roleApi.listUrl}
      showIndex
      more
      initialFilters={{ type: '' }}
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 160, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 140, ellipsis: true },
        { title: t('type'), dataIndex: 'type', width: 90 },
        { title: t('organizeInfo'), dataIndex: 'organizeInfo', width: 240, ellipsis: true },
      ]}
      toggle={(row) => roleApi.toggle(row.id)}
      remove={(row) => roleApi.remove(row.id)}
      filters={(table) => (
        <FilterSelect
          table={table}
          name="type"
          label={t('type')}
          all={t('allTypes')}
          width={140}
          options={[
            { value: '1', label: t('global') },
            { value: '0', label: t('organize') },
          ]}
        />
      )}
      renderForm={(slot) => <RoleForm {...slot} />}
    />
  );
}
