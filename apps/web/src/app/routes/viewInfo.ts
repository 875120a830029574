// What the shell knows about the view on screen: title, icon, breadcrumb, tag behaviour. Fixed routes carry
// it in their route handle, dynamic routes in the route table.
import { useMemo } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n';
import { findRoute, useRouteTable } from './routeTable';
import type { AppRoute, BreadcrumbEntry } from './types';

/** Title keys of the fixed routes. */
export type FixedTitleKey =
  | 'route.home'
  | 'route.profile'
  | 'route.login'
  | 'route.lockScreen'
  | 'route.notFound'
  | 'route.externalLink'
  | 'route.redirect'
  | 'route.messageRecord'
  | 'route.previewModel'
  | 'route.emailDetail'
  | 'route.workFlowDetail'
  | 'route.workFlowEntrust'
  | 'route.sso'
  | 'route.formShortLink'
  | 'route.authRedirect';

/** The `handle` of a fixed route. */
export interface FixedRouteHandle {
  name: string;
  titleKey: FixedTitleKey;
  /** Pinned in the tag bar. */
  affix?: boolean;
  /** Never kept alive by the view cache. */
  noCache?: boolean;
  /** Not recorded in the tag bar (helpers such as /redirect). */
  hidden?: boolean;
}

export interface ViewInfo {
  path: string;
  fullPath: string;
  name: string;
  titleKey: FixedTitleKey | null;
  /** The server's name for dynamic routes. */
  title: string;
  /** Menu type of a dynamic route; null for fixed routes. */
  menuType: number | null;
  /** The menu's icon classes of a dynamic route; empty for fixed routes. */
  icon: string;
  affix: boolean;
  noCache: boolean;
  /** Not a tab of its own (helper routes). */
  hidden: boolean;
  menuId: string;
  parents: BreadcrumbEntry[];
}

function isFixedHandle(handle: unknown): handle is FixedRouteHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

export function viewInfoOfRoute(route: AppRoute, fullPath: string): ViewInfo {
  return {
    path: route.path,
    fullPath,
    name: route.meta.name,
    titleKey: null,
    title: route.meta.title,
    menuType: route.meta.menuType,
    icon: route.meta.icon,
    affix: false,
    noCache: route.meta.noCache,
    hidden: false,
    menuId: route.meta.menuId,
    parents: route.meta.parents,
  };
}

/** The view on screen, or null when the path matches nothing (yet). Stable while the view is unchanged. */
export function useCurrentView(): ViewInfo | null {
  const location = useLocation();
  const matches = useMatches();
  const routes = useRouteTable((state) => state.routes);
  const handle = matches.at(-1)?.handle;
  const { pathname, search } = location;
  return useMemo(() => {
    const fullPath = pathname + search;
    if (isFixedHandle(handle)) {
      return {
        path: pathname,
        fullPath,
        name: handle.name,
        titleKey: handle.titleKey,
        title: '',
        menuType: null,
        icon: '',
        affix: Boolean(handle.affix),
        noCache: Boolean(handle.noCache),
        hidden: Boolean(handle.hidden),
        menuId: '',
        parents: [],
      };
    }
    const route = findRoute(routes, pathname);
    return route ? viewInfoOfRoute(route, fullPath) : null;
  }, [pathname, search, handle, routes]);
}

/**
 * The localized title: a fixed route's key, else a locale entry route.<name> when one
 * exists, else the menu's own name.
 */
export function localizedTitle(view: Pick<ViewInfo, 'titleKey' | 'name' | 'title'>): string {
  if (view.titleKey) return i18n.t(view.titleKey);
  const key = `route.${view.name}`;
  // Dynamic keys are outside the typed key set, hence the widened call.
  return i18n.exists(key) ? String(i18n.t(key as 'route.home')) : view.title;
}

/** Hook form: re-renders on a language change. */
export function useLocalizedTitle(view: Pick<ViewInfo, 'titleKey' | 'name' | 'title'> | null): string {
  useTranslation();
  return view ? localizedTitle(view) : '';
}
