// The application list declared in one place: its data columns (the icon drawn from its class, the main
// system marked) before the frame's creation time, sort, state and actions.
import { Space, Tag, type TableColumnsType } from 'antd';
import { fieldTexts } from '../../../components/form/texts';
import { menuIcon } from '../../../layouts/parts/MenuIcon';
import type { SystemRow } from './api';
import { texts } from './texts';

/** the icon an application's icon classes name (e.g. `icon-ym icon-ym-systemSet`), as the menus show it */
export function ClassIcon({ icon }: { icon: string }) {
  return icon ? (
    <span role="img" aria-label={icon} style={{ fontSize: 16 }}>
      {menuIcon(icon, 0)}
    </span>
  ) : null;
}

export function useSystemColumns(): TableColumnsType<SystemRow> {
  const t = texts.useText();
  const s = fieldTexts.useText();
  return [
    {
      title: t('fullName'),
      dataIndex: 'fullName',
      width: 200,
      ellipsis: true,
      render: (name: string, row) => (
        <Space>
          {name}
          {row.mainSystem && <Tag color="blue">{t('main')}</Tag>}
        </Space>
      ),
    },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
    {
      title: t('icon'),
      dataIndex: 'icon',
      width: 70,
      align: 'center',
      render: (icon: string) => <ClassIcon icon={icon} />,
    },
    { title: s('description'), dataIndex: 'description', width: 220, ellipsis: true },
  ];
}
