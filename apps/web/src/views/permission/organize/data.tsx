// The organisation list declared in one place: its data columns (name with its kind's icon, code, kind) and
// the kinds a record can be added as (a company under a company; a department anywhere).
import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { Tag, type TableColumnsType } from 'antd';
import type { AddKind } from '../../../components/crud/CrudList';
import type { OrganizeRow, OrgKind } from './api';
import { texts } from './texts';

export function useOrganizeColumns(): TableColumnsType<OrganizeRow> {
  const t = texts.useText();
  return [
    {
      title: t('fullName'),
      dataIndex: 'fullName',
      width: 260,
      render: (name: string, row) => (
        <span>
          {row.type === 'department' ? <TeamOutlined /> : <ApartmentOutlined />} {name}
        </span>
      ),
    },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
    {
      title: t('type'),
      dataIndex: 'type',
      width: 80,
      align: 'center',
      render: (type: OrgKind) =>
        type === 'department' ? <Tag>{t('department')}</Tag> : <Tag color="blue">{t('company')}</Tag>,
    },
  ];
}

/** the toolbar's adds, and those under a row */
export function useOrganizeKinds() {
  const t = texts.useText();
  const kinds: AddKind[] = [
    { key: 'company', label: t('addCompany') },
    { key: 'department', label: t('addDepartment') },
  ];
  const childKinds = (row: OrganizeRow): AddKind[] => (row.type === 'company' ? kinds : kinds.slice(1));
  return { kinds, childKinds };
}
