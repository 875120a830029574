// The data-connection screen (数据连接): the connections to other databases that SQL data interfaces read,
// a paged list with keyword and database-type filters; add, edit and delete, each behind its button.
import { CrudList } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { dataSourceApi, dataSourceKeys, type DataSourceFilters, type DataSourceRow } from './api';
import { DataSourceForm } from './DataSourceForm';
import { texts } from './texts';

const DB_TYPES = ['PostgreSQL', 'MySQL'] as const;

export default function DataSourcePage() {
  const t = texts.useText();
  return (
    <CrudList<DataSourceRow, DataSourceFilters>
      title={t('title')}
      queryKey={dataSourceKeys.list}
      url={dataSourceApi.listUrl}
      initialFilters={{ dbType: '' }}
      showIndex
      more
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 180, ellipsis: true },
        { title: t('dbType'), dataIndex: 'dbType', width: 120 },
        { title: t('host'), dataIndex: 'host', width: 160, ellipsis: true },
        { title: t('port'), dataIndex: 'port', width: 80, align: 'center' },
        { title: t('serviceName'), dataIndex: 'serviceName', width: 140, ellipsis: true },
        { title: t('userName'), dataIndex: 'userName', width: 120, ellipsis: true },
        { title: t('creatorUser'), dataIndex: 'creatorUser', width: 130, ellipsis: true },
      ]}
      filters={(table) => (
        <FilterSelect
          table={table}
          name="dbType"
          label={t('dbType')}
          all={t('allTypes')}
          options={DB_TYPES.map((value) => ({ value, label: value }))}
        />
      )}
      remove={(row) => dataSourceApi.remove(row.id)}
      renderForm={(slot) => <DataSourceForm {...slot} />}
    />
  );
}
