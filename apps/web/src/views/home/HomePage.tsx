// Home: a welcome for the signed-in user, today's schedules and unread messages, and quick links to the pages their menus permit, grouped by the
// top-level menu they belong to.
import type { MenuItem } from '@jnpf/core';
import { Avatar, Card, Empty, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeName } from '../../app/routes/buildRoutes';
import { actionableMenus, openMenu } from '../../app/routes/menuNavigation';
import { localizedTitle } from '../../app/routes/viewInfo';
import { menuIcon } from '../../layouts/parts/MenuIcon';
import { useSession } from '../../platform/session';
import styles from './HomePage.module.css';
import TodayPanel from './TodayPanel';

const TILE_COLORS = ['#1890ff', '#13c2c2', '#722ed1', '#fa8c16', '#52c41a', '#eb2f96', '#2f54eb', '#faad14'];

type GreetingKey = 'home.greetingMorning' | 'home.greetingNoon' | 'home.greetingAfternoon' | 'home.greetingEvening';

function greetingKey(hour: number): GreetingKey {
  if (hour >= 5 && hour < 11) return 'home.greetingMorning';
  if (hour >= 11 && hour < 13) return 'home.greetingNoon';
  if (hour >= 13 && hour < 18) return 'home.greetingAfternoon';
  return 'home.greetingEvening';
}

interface LinkGroup {
  key: string;
  title: string;
  menus: MenuItem[];
}

function menuTitle(menu: MenuItem): string {
  return localizedTitle({ titleKey: null, name: routeName(menu.enCode ?? ''), title: menu.fullName });
}

/** Top-level directories become groups; top-level pages gather in one general group. */
function groupLinks(menuList: readonly MenuItem[], generalTitle: string): LinkGroup[] {
  const general: MenuItem[] = [];
  const groups: LinkGroup[] = [];
  for (const menu of menuList) {
    if (menu.children?.length) {
      const menus = actionableMenus(menu.children);
      if (menus.length) groups.push({ key: menu.id, title: menuTitle(menu), menus });
    } else general.push(...actionableMenus([menu]));
  }
  return general.length ? [{ key: 'general', title: generalTitle, menus: general }, ...groups] : groups;
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((state) => state.userInfo);
  const menuList = useSession((state) => state.menuList);
  const language = i18n.language;
  const groups = useMemo(() => (language ? groupLinks(menuList, t('home.generalGroup')) : []), [menuList, language, t]);
  const now = dayjs();
  const name = userInfo?.userName || userInfo?.userAccount || '';
  const details = [userInfo?.organizeName, userInfo?.positionName].filter(Boolean).join(' · ');

  return (
    <div className={styles.page}>
      <Card className={styles.welcome} variant="borderless">
        <div className={styles.welcomeRow}>
          <Avatar size={64} src={userInfo?.headIcon || undefined} className={styles.avatar}>
            {name.slice(0, 1)}
          </Avatar>
          <div className={styles.welcomeText}>
            <Typography.Title level={4} className={styles.greeting}>
              {t(greetingKey(now.hour()), { name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('home.today', { date: now.format(t('home.dateFormat')) })}
              {details && <span className={styles.details}>{details}</span>}
            </Typography.Text>
          </div>
        </div>
      </Card>

      <TodayPanel />

      <Card title={t('home.quickLinks')} variant="borderless" className={styles.links}>
        {groups.length === 0 && <Empty description={t('home.noLinks')} />}
        {groups.map((group) => (
          <section key={group.key} className={styles.group}>
            <div className={styles.groupTitle}>{group.title}</div>
            <div className={styles.grid}>
              {group.menus.map((menu, index) => (
                <button
                  key={menu.id}
                  type="button"
                  className={styles.tile}
                  onClick={() => openMenu(menu, (path) => navigate(path))}
                >
                  <span className={styles.tileIcon} style={{ background: TILE_COLORS[index % TILE_COLORS.length] }}>
                    {menuIcon(menu.icon, menu.type)}
                  </span>
                  <span className={styles.tileName}>{menuTitle(menu)}</span>
                </button>
              ))}
            </div>
          </section>
        ))}
      </Card>
    </div>
  );
}
