// Menu icons. The reference's icon font (icon-ym …) is not part of this app, so each menu shows an icon
// for what it opens.
import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  LinkOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICON_BY_TYPE: Record<number, ReactNode> = {
  0: <AppstoreOutlined />,
  1: <FolderOutlined />,
  2: <FileTextOutlined />,
  3: <FormOutlined />,
  4: <BookOutlined />,
  5: <BarChartOutlined />,
  6: <FundProjectionScreenOutlined />,
  7: <LinkOutlined />,
  8: <DashboardOutlined />,
};

export function menuTypeIcon(menuType: number): ReactNode {
  return ICON_BY_TYPE[menuType] ?? <FileTextOutlined />;
}

/** Icons of the fixed views, by route name. */
export function fixedViewIcon(name: string): ReactNode {
  if (name === 'home') return <HomeOutlined />;
  if (name === 'profile') return <UserOutlined />;
  return <FileTextOutlined />;
}
