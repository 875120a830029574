// The department screen: the companies on the left; on the right the departments of the chosen company (all
// departments until one is chosen, and again after reset), searched by keyword and sorted by name or code;
// add (under the chosen company by default), edit, enable/disable and delete behind their buttons.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TreePanel } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { departmentApi, departmentKeys, type DepartmentRow } from './api';
import { DepartmentForm } from './DepartmentForm';
import { texts } from './texts';

export default function DepartmentPage() {
  const t = texts.useText();
  const [companyId, setCompanyId] = useState('');
  const companies = useQuery({ queryKey: departmentKeys.companies, queryFn: departmentApi.companies });
  return (
    <CrudList<DepartmentRow, { organizeId: string }>
      title={t('title')}
      queryKey={departmentKeys.list}
      url={departmentApi.listUrl}
      initialFilters={{ organizeId: '' }}
      showIndex
      more
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', width: 180, ellipsis: true, sorter: true },
        { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 150, ellipsis: true, sorter: true },
        { title: t('manager'), dataIndex: 'manager', width: 150, ellipsis: true },
        { title: t('description'), dataIndex: 'description', width: 200, ellipsis: true },
      ]}
      toggle={(row) => departmentApi.toggle(row.id)}
      remove={(row) => departmentApi.remove(row.id)}
      side={(table) => (
        <TreePanel
          title={t('companies')}
          nodes={companies.data ?? []}
          loading={companies.isFetching}
          error={companies.isError}
          onRefresh={() => void companies.refetch()}
          selectedId={table.filters.organizeId}
          onSelect={(node) => {
            setCompanyId(node.id);
            table.setFilter('organizeId', node.id);
          }}
        />
      )}
      renderForm={(slot) => <DepartmentForm {...slot} companyId={companyId} />}
    />
  );
}
