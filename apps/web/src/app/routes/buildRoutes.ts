// Dynamic routes from the user's menu list, each menu type by its own rule. Pure: the same menus and registry always
// give the same routes, so the mapping of every menu type is unit-tested.
import { viewKeyOf, type MenuItem } from '@jnpf/core';
import type { AppRoute, BreadcrumbEntry, MenuAction, RouteContent, RuntimeKind, ViewRegistry } from './types';

const DIRECTORY_TYPES: ReadonlySet<number> = new Set([0, 1]);
const RUNTIME_BY_TYPE: Readonly<Record<number, RuntimeKind>> = {
  3: 'dynamicModel',
  4: 'dictionary',
  5: 'report',
  8: 'portal',
};
const PAGE_TYPE = 2;
const DATA_VISUAL_TYPE = 6;
const EXTERNAL_LINK_TYPE = 7;

/** Route name of a menu: enCode with dots replaced by dashes. */
export function routeName(enCode: string): string {
  return enCode.replace(/\./g, '-');
}

export { viewKeyOf };

function queryOf(urlAddress: string): string {
  const index = urlAddress.indexOf('?');
  return index < 0 ? '' : urlAddress.slice(index + 1);
}

interface MenuProperties {
  moduleId: string;
  isTree: boolean;
  /** The view is never kept alive by the view cache (a `noCache` flag in the property JSON). */
  noCache: boolean;
}

/** The menu's property JSON (a JSON string on the wire); anything unreadable counts as empty. */
export function readMenuProperties(propertyJson: unknown): MenuProperties {
  let parsed: unknown = propertyJson;
  if (typeof propertyJson === 'string') {
    try {
      parsed = propertyJson ? JSON.parse(propertyJson) : {};
    } catch {
      parsed = {};
    }
  }
  const source = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const moduleId = source.moduleId;
  return {
    moduleId: typeof moduleId === 'string' || typeof moduleId === 'number' ? String(moduleId) : '',
    isTree: Number(source.isTree) === 1 || source.isTree === true,
    noCache: Number(source.noCache) === 1 || source.noCache === true,
  };
}

/** The in-app path a menu opens, or null when it has none. */
function pathOf(menu: MenuItem): string | null {
  if (DIRECTORY_TYPES.has(menu.type)) return menu.enCode ? `/${menu.enCode}` : null;
  if (menu.type === EXTERNAL_LINK_TYPE) return menu.linkTarget === '_self' && menu.enCode ? `/${menu.enCode}` : null;
  if (menu.type === PAGE_TYPE || menu.type in RUNTIME_BY_TYPE) {
    const key = viewKeyOf(menu.urlAddress ?? '');
    return key ? `/${key}` : null;
  }
  return null;
}

/** Link template of a data-visualisation menu: the screen by module id, with the token (filled on click). */
function dataVisualTemplate(menu: MenuItem): string {
  return '${dataV}/view/' + readMenuProperties(menu.propertyJson).moduleId + '?token=${jnpfToken}';
}

/** What choosing a menu does: navigate in the app, open a window, or nothing. */
export function resolveMenuAction(menu: MenuItem): MenuAction {
  if (menu.type === DATA_VISUAL_TYPE) return { kind: 'open', urlTemplate: dataVisualTemplate(menu) };
  if (menu.type === EXTERNAL_LINK_TYPE && menu.linkTarget !== '_self') {
    return menu.urlAddress ? { kind: 'open', urlTemplate: menu.urlAddress } : { kind: 'none' };
  }
  const path = pathOf(menu);
  return path ? { kind: 'navigate', path } : { kind: 'none' };
}

function firstNavigablePath(menus: readonly MenuItem[]): string | null {
  for (const menu of menus) {
    const path = DIRECTORY_TYPES.has(menu.type) ? firstNavigablePath(menu.children ?? []) : pathOf(menu);
    if (path) return path;
  }
  return null;
}

function contentOf(menu: MenuItem, registry: ViewRegistry): RouteContent | null {
  if (DIRECTORY_TYPES.has(menu.type)) {
    return { kind: 'directory', firstChildPath: firstNavigablePath(menu.children ?? []) };
  }
  if (menu.type === PAGE_TYPE) {
    const viewKey = viewKeyOf(menu.urlAddress ?? '');
    return { kind: 'page', viewKey, query: queryOf(menu.urlAddress ?? ''), load: registry.pages[viewKey] ?? null };
  }
  const runtime = RUNTIME_BY_TYPE[menu.type];
  if (runtime) {
    const { moduleId, isTree } = readMenuProperties(menu.propertyJson);
    return { kind: 'runtime', runtime, moduleId, isTree, load: registry.runtimes[runtime] ?? null };
  }
  if (menu.type === EXTERNAL_LINK_TYPE && menu.linkTarget === '_self') {
    return { kind: 'iframe', urlTemplate: menu.urlAddress ?? '' };
  }
  return null; // type 6, new-window links and unknown types have no route
}

/**
 * Flattens the menu tree into routes. Routes are flat because every menu path is absolute; the
 * parent chain is kept in meta for the breadcrumb. When two menus claim one path the first one wins.
 */
export function buildRoutes(menuList: readonly MenuItem[], registry: ViewRegistry): AppRoute[] {
  const routes: AppRoute[] = [];
  const taken = new Set<string>();

  const visit = (menus: readonly MenuItem[], parents: BreadcrumbEntry[]) => {
    for (const menu of menus) {
      const path = pathOf(menu);
      const content = contentOf(menu, registry);
      const meta = {
        name: routeName(menu.enCode ?? ''),
        title: menu.fullName ?? '',
        icon: menu.icon ?? '',
        menuId: menu.id,
        menuType: menu.type,
        noCache: readMenuProperties(menu.propertyJson).noCache,
        parents,
      };
      if (path && content && !taken.has(path.toLowerCase())) {
        taken.add(path.toLowerCase());
        routes.push({ path, meta, content });
      }
      if (menu.children?.length) visit(menu.children, [...parents, { name: meta.name, title: meta.title }]);
    }
  };
  visit(menuList, []);
  return routes;
}

/** Fills the placeholders of a link address (menu types 6 and 7): ${dataV} and ${jnpfToken}. */
export function expandLinkTemplate(template: string, values: { dataVisualUrl: string; token: string }): string {
  return template
    .replaceAll('${dataV}', values.dataVisualUrl)
    .replaceAll('${jnpfToken}', encodeURIComponent(values.token));
}
