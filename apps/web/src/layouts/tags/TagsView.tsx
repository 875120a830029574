// The tag bar of visited views: right-click for refresh / close / close others / close
// all; middle-click or the close icon closes; pinned tabs have no close action. Tab icons follow the
// tagsIcon setting.
import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRoute, useRouteTable } from '../../app/routes/routeTable';
import { localizedTitle } from '../../app/routes/viewInfo';
import { usePreferences } from '../../platform/preferences';
import { fixedViewIcon, menuIcon } from '../parts/MenuIcon';
import { tagsActions, useTags, type VisitedView } from './tagsStore';
import styles from './TagsView.module.css';

type TagCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export default function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useTags((state) => state.views);
  // a menu's tab shows the name the session's menus give it now (they come in the interface language)
  const routes = useRouteTable((state) => state.routes);
  const showIcons = usePreferences((state) => state.tagsIcon);
  const activePath = location.pathname;
  const scroller = useRef<HTMLDivElement>(null);

  // Keep the active tab in sight.
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, views.length]);

  const go = (target: string | null) => {
    if (target) navigate(target);
  };

  const run = (command: TagCommand, view: VisitedView) => {
    if (command === 'refresh') {
      // A new key for the view (it drops out of the view cache), then through /redirect back to it.
      tagsActions.refresh(view.path);
      navigate(`/redirect${view.fullPath}`, { replace: view.path === activePath });
    } else if (command === 'close') go(tagsActions.close(view.path, activePath));
    else if (command === 'closeOthers') go(tagsActions.closeOthers(view.path, activePath));
    else go(tagsActions.closeAll(activePath));
  };

  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
      { key: 'close', label: t('tags.close'), disabled: view.affix },
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key }) => run(key as TagCommand, view),
  });

  return (
    <div className={styles.bar} ref={scroller}>
      {views.map((view) => {
        const active = view.path === activePath;
        return (
          <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
            <div
              role="tab"
              aria-selected={active}
              data-active={active}
              tabIndex={0}
              className={`${styles.tag} ${active ? styles.active : ''}`}
              onClick={() => !active && navigate(view.fullPath)}
              onKeyDown={(event) => event.key === 'Enter' && navigate(view.fullPath)}
              onMouseUp={(event) => {
                if (event.button === 1 && !view.affix) run('close', view);
              }}
            >
              {active && <span className={styles.dot} />}
              {showIcons && (
                <span className={styles.icon}>
                  {view.menuType === null ? fixedViewIcon(view.name) : menuIcon(view.icon, view.menuType)}
                </span>
              )}
              <span>{localizedTitle({ ...view, title: findRoute(routes, view.path)?.meta.title ?? view.title })}</span>
              {!view.affix && (
                <CloseOutlined
                  className={styles.close}
                  aria-label={t('tags.close')}
                  onClick={(event) => {
                    event.stopPropagation();
                    run('close', view);
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
