// Menu icons. Menus name the reference's icon font ("icon-ym icon-ym-tree-user2"), which is not part of this
// app: each name is shown as the Ant Design icon of the same meaning — the names the reference's own menus
// use one by one, other names by the word they are made of — and a name nothing matches gets the icon of
// the menu's type.
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  NumberOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  SnippetsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

type Icon = typeof HomeOutlined;

const ICON_BY_TYPE: Record<number, Icon> = {
  0: AppstoreOutlined,
  1: FolderOutlined,
  2: FileTextOutlined,
  3: FormOutlined,
  4: BookOutlined,
  5: BarChartOutlined,
  6: FundProjectionScreenOutlined,
  7: LinkOutlined,
  8: DashboardOutlined,
};

/** the reference's own menu icons (base_module seed names), one by one */
const ICON_BY_NAME: Readonly<Record<string, Icon>> = {
  systemSet: SettingOutlined,
  systemConfig: ToolOutlined,
  systemMenu: MenuOutlined,
  sysApplication: AppstoreOutlined,
  sysData: DatabaseOutlined,
  sysDictionary: BookOutlined,
  area: EnvironmentOutlined,
  signature: EditOutlined,
  permission: SafetyCertificateOutlined,
  authGroup: UsergroupAddOutlined,
  'tree-organization3': ApartmentOutlined,
  'tree-department1': ClusterOutlined,
  'tree-position1': IdcardOutlined,
  'tree-user2': UserOutlined,
  'global-role': TeamOutlined,
  'generator-role': TeamOutlined,
  'generator-group1': UsergroupAddOutlined,
  'generator-notice': NotificationOutlined,
  onlineUser: DesktopOutlined,
  onlineDev: FormOutlined,
  webDesign: FormOutlined,
  webForm: FormOutlined,
  'generator-layout': AppstoreOutlined,
  message: MessageOutlined,
  'message-template': SnippetsOutlined,
  'message-send': SendOutlined,
  'extend-schedule': CalendarOutlined,
  documents: FolderOutlined,
  folder: FolderOutlined,
  pc: DesktopOutlined,
  mobile: MobileOutlined,
  app: MobileOutlined,
  home: HomeOutlined,
};

/** other names by a word in them, the more specific first */
const ICON_BY_WORD: readonly [RegExp, Icon][] = [
  [/organi[sz]|company|department|tree/i, ApartmentOutlined],
  [/position|post|idcard/i, IdcardOutlined],
  [/role|group|team/i, TeamOutlined],
  [/user|person|member|account/i, UserOutlined],
  [/notice|announce/i, NotificationOutlined],
  [/message|msg|chat/i, MessageOutlined],
  [/mail|email/i, MailOutlined],
  [/remind|bell/i, BellOutlined],
  [/schedule|calendar|date/i, CalendarOutlined],
  [/dictionary|dict|book/i, BookOutlined],
  [/billRule|number|code/i, NumberOutlined],
  [/print/i, PrinterOutlined],
  [/report|chart|statistic/i, BarChartOutlined],
  [/screen|dataV|visual/i, FundProjectionScreenOutlined],
  [/portal|dashboard/i, DashboardOutlined],
  [/log/i, ProfileOutlined],
  [/data|database|interface/i, DatabaseOutlined],
  [/auth|permission|security|safe/i, SafetyCertificateOutlined],
  [/set|config|system/i, SettingOutlined],
  [/menu/i, MenuOutlined],
  [/form|design|dev/i, FormOutlined],
  [/link|url/i, LinkOutlined],
  [/area|region|map|location/i, EnvironmentOutlined],
  [/file|document|folder/i, FolderOutlined],
  [/mobile|app|phone/i, MobileOutlined],
  [/home/i, HomeOutlined],
];

/** the icon-font name of an icon class list: "icon-ym icon-ym-tree-user2" → "tree-user2" */
export function iconName(icon: string | null | undefined): string {
  const classes = (icon ?? '').split(/\s+/).filter(Boolean);
  const named = classes.find((c) => /^(?:icon-ym|ym-custom)-./.test(c));
  return named ? named.replace(/^(?:icon-ym|ym-custom)-/, '') : '';
}

/** the icon shown for an icon class list, or null when nothing matches it */
export function iconOf(icon: string | null | undefined): Icon | null {
  const name = iconName(icon);
  if (!name) return null;
  return ICON_BY_NAME[name] ?? ICON_BY_WORD.find(([word]) => word.test(name))?.[1] ?? null;
}

/** a menu's icon: the one its icon names, else the icon of its type */
export function menuIcon(icon: string | null | undefined, menuType: number): ReactNode {
  const Shown = iconOf(icon) ?? ICON_BY_TYPE[menuType] ?? FileTextOutlined;
  return <Shown />;
}

/** Icons of the fixed views, by route name. */
export function fixedViewIcon(name: string): ReactNode {
  if (name === 'home') return <HomeOutlined />;
  if (name === 'profile') return <UserOutlined />;
  return <FileTextOutlined />;
}
