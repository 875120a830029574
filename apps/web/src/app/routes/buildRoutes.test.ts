import type { MenuItem } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import {
  buildRoutes,
  expandLinkTemplate,
  readMenuProperties,
  resolveMenuAction,
  routeName,
  viewKeyOf,
} from './buildRoutes';
import { findRoute } from './routeTable';
import { menuItem } from './testing';
import type { PageLoader, RuntimeLoader, ViewRegistry } from './types';

let nextId = 1;
function menu(overrides: Partial<MenuItem>): MenuItem {
  const id = String(nextId++);
  return menuItem(id, { fullName: `menu ${id}`, enCode: `code${id}`, icon: 'icon-ym icon-ym-x', ...overrides });
}

const userPage: PageLoader = async () => ({ default: () => null });
const dynamicModel: RuntimeLoader = async () => ({ default: () => null });
const registry: ViewRegistry = { pages: { 'permission/user': userPage }, runtimes: { dynamicModel } };

describe('buildRoutes', () => {
  it('maps directories (types 0 and 1) to /{enCode} leading to their first child', () => {
    const child = menu({ type: 2, urlAddress: 'permission/user', enCode: 'permission.user' });
    const routes = buildRoutes(
      [menu({ type: 0, enCode: 'system', children: [menu({ type: 1, enCode: 'permission', children: [child] })] })],
      registry,
    );
    expect(routes.map((route) => route.path)).toEqual(['/system', '/permission', '/permission/user']);
    expect(routes[0]!.content).toEqual({ kind: 'directory', firstChildPath: '/permission/user' });
    expect(routes[1]!.content).toEqual({ kind: 'directory', firstChildPath: '/permission/user' });
  });

  it('maps a module page (type 2) to /{urlAddress} without its query, resolved through the registry', () => {
    const [route] = buildRoutes(
      [menu({ type: 2, urlAddress: '/permission/user?mode=all', enCode: 'permission.user' })],
      registry,
    );
    expect(route!.path).toBe('/permission/user');
    expect(route!.meta.name).toBe('permission-user');
    expect(route!.content).toEqual({ kind: 'page', viewKey: 'permission/user', query: 'mode=all', load: userPage });
  });

  it('gives an unregistered module page a route without a view (the "not available" result)', () => {
    const [route] = buildRoutes([menu({ type: 2, urlAddress: 'extend/email' })], registry);
    expect(route!.path).toBe('/extend/email');
    expect(route!.content).toMatchObject({ kind: 'page', viewKey: 'extend/email', load: null });
  });

  it.each([
    [3, 'dynamicModel', dynamicModel],
    [4, 'dictionary', null],
    [5, 'report', null],
    [8, 'portal', null],
  ] as const)('maps type %i to the %s runtime view with moduleId and isTree', (type, runtime, load) => {
    const [route] = buildRoutes(
      [menu({ type, urlAddress: `model/m${type}`, propertyJson: '{"moduleId":"395851986114733317","isTree":1}' })],
      registry,
    );
    expect(route!.path).toBe(`/model/m${type}`);
    expect(route!.content).toEqual({ kind: 'runtime', runtime, moduleId: '395851986114733317', isTree: true, load });
  });

  it('maps an external link with target _self (type 7) to an embedded page at /{enCode}', () => {
    const [route] = buildRoutes(
      [menu({ type: 7, enCode: 'ext.baidu', linkTarget: '_self', urlAddress: 'https://example.com/?t=${jnpfToken}' })],
      registry,
    );
    expect(route!.path).toBe('/ext.baidu');
    expect(route!.meta.name).toBe('ext-baidu');
    expect(route!.content).toEqual({ kind: 'iframe', urlTemplate: 'https://example.com/?t=${jnpfToken}' });
  });

  it('gives data screens (type 6) and new-window links (type 7) no route', () => {
    const routes = buildRoutes(
      [
        menu({ type: 6, propertyJson: '{"moduleId":"9"}' }),
        menu({ type: 7, linkTarget: '_blank', urlAddress: 'https://example.com' }),
      ],
      registry,
    );
    expect(routes).toEqual([]);
  });

  it('keeps the directory chain for the breadcrumb and the menu id for permissions', () => {
    const leaf = menu({ id: 'leaf', type: 2, urlAddress: 'a/b', fullName: '用户管理' });
    const routes = buildRoutes([menu({ type: 0, enCode: 'sys', fullName: '系统管理', children: [leaf] })], registry);
    const route = findRoute(routes, '/a/b')!;
    expect(route.meta).toMatchObject({
      menuId: 'leaf',
      title: '用户管理',
      parents: [{ name: 'sys', title: '系统管理' }],
    });
  });

  it('lets the first of two menus with one path win, and matches paths case-insensitively', () => {
    const routes = buildRoutes(
      [menu({ id: 'first', urlAddress: 'a/b' }), menu({ id: 'second', urlAddress: 'A/B/' })],
      registry,
    );
    expect(routes).toHaveLength(1);
    expect(findRoute(routes, '/A/b/')!.meta.menuId).toBe('first');
  });

  it('skips pages without an address', () => {
    expect(buildRoutes([menu({ type: 2, urlAddress: '' })], registry)).toEqual([]);
  });
});

describe('resolveMenuAction', () => {
  it('navigates for routed menus', () => {
    expect(resolveMenuAction(menu({ type: 2, urlAddress: 'a/b?x=1' }))).toEqual({ kind: 'navigate', path: '/a/b' });
    expect(resolveMenuAction(menu({ type: 7, enCode: 'e', linkTarget: '_self', urlAddress: 'https://x' }))).toEqual({
      kind: 'navigate',
      path: '/e',
    });
  });

  it('opens a data screen in a new window with the token as a query parameter', () => {
    const action = resolveMenuAction(menu({ type: 6, propertyJson: '{"moduleId":"42"}' }));
    expect(action).toEqual({ kind: 'open', urlTemplate: '${dataV}/view/42?token=${jnpfToken}' });
    if (action.kind !== 'open') throw new Error('expected open');
    expect(expandLinkTemplate(action.urlTemplate, { dataVisualUrl: '/DataV', token: 'bearer a b' })).toBe(
      '/DataV/view/42?token=bearer%20a%20b',
    );
  });

  it('opens other external links as given', () => {
    expect(resolveMenuAction(menu({ type: 7, linkTarget: '_blank', urlAddress: 'https://example.com' }))).toEqual({
      kind: 'open',
      urlTemplate: 'https://example.com',
    });
  });
});

describe('helpers', () => {
  it('turns enCode dots into dashes', () => {
    expect(routeName('system.user.list')).toBe('system-user-list');
  });

  it('strips query and slashes from view keys', () => {
    expect(viewKeyOf('/system/menu/?a=1')).toBe('system/menu');
  });

  it('reads property JSON strings, objects and rubbish', () => {
    const none = { noCache: false };
    expect(readMenuProperties('{"moduleId":12,"isTree":0}')).toEqual({ moduleId: '12', isTree: false, ...none });
    expect(readMenuProperties({ moduleId: 'x', isTree: true })).toEqual({ moduleId: 'x', isTree: true, ...none });
    expect(readMenuProperties('not json')).toEqual({ moduleId: '', isTree: false, ...none });
    expect(readMenuProperties(null)).toEqual({ moduleId: '', isTree: false, ...none });
    expect(readMenuProperties('{"noCache":1}').noCache).toBe(true);
  });
});
