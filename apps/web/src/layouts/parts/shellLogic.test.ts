import type { MenuItem } from '@jnpf/core';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { indexMenus } from '../../app/routes/menuNavigation';
import { menuItem } from '../../app/routes/testing';
import { activeTopId, sideMenusOf } from '../blend/blendMenus';
import { layoutFor } from '../MainLayout';
import { filterSystems, shouldShowAppSwitcher } from './AppSwitcher';
import { isSearchShortcut } from './HeaderSearch';
import { createMenuIndex, MENU_SEARCH_OPTIONS, searchEntries, type FuseConstructor } from './menuSearch';
import { splitTopMenu } from './topMenuSplit';
import { nextCache, type CacheEntry } from './viewCache';

let nextId = 1;
function menu(overrides: Partial<MenuItem>): MenuItem {
  return menuItem(overrides.id ?? `m${nextId++}`, overrides);
}

describe('top menu overflow (about 116 px per entry)', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  it('shows every entry when all fit', () => {
    expect(splitTopMenu(items, 116 * 5, 116)).toEqual({ visible: items, overflow: [] });
    expect(splitTopMenu(items, 2000, 116).overflow).toEqual([]);
  });
  it('keeps the last slot for "More ..." when they do not', () => {
    expect(splitTopMenu(items, 116 * 4 + 50, 116)).toEqual({ visible: ['a', 'b', 'c'], overflow: ['d', 'e'] });
    expect(splitTopMenu(items, 10, 116)).toEqual({ visible: [], overflow: items });
  });
});

describe('view cache', () => {
  const entry = (path: string, cacheable = true, refresh = 0): CacheEntry<string> => ({
    key: `${path}#${refresh}`,
    path,
    cacheable,
    value: path,
  });
  const policy = (enabled: boolean, open: string[], max = 10) => ({ enabled, openPaths: new Set(open), max });

  it('keeps visited views while their tabs are open, the current one last', () => {
    let cache = nextCache([], entry('/a'), policy(true, ['/a']));
    cache = nextCache(cache, entry('/b'), policy(true, ['/a', '/b']));
    cache = nextCache(cache, entry('/a'), policy(true, ['/a', '/b']));
    expect(cache.map((item) => item.path)).toEqual(['/b', '/a']);
  });
  it('drops views whose tabs were closed, noCache views and everything when the cache is off', () => {
    const cache = [entry('/a'), entry('/b'), entry('/n', false)];
    expect(nextCache(cache, entry('/c'), policy(true, ['/b', '/n', '/c'])).map((item) => item.path)).toEqual([
      '/b',
      '/c',
    ]);
    expect(nextCache(cache, entry('/c'), policy(false, ['/a', '/b', '/c'])).map((item) => item.path)).toEqual(['/c']);
  });
  it('is bounded, dropping the least recently shown', () => {
    const open = ['/1', '/2', '/3', '/4'];
    let cache: CacheEntry<string>[] = [];
    for (const path of open) cache = nextCache(cache, entry(path), policy(true, open, 3));
    expect(cache.map((item) => item.path)).toEqual(['/2', '/3', '/4']);
  });
  it('replaces a refreshed view (new key) instead of keeping both', () => {
    const cache = nextCache([entry('/a', true, 0)], entry('/a', true, 1), policy(true, ['/a']));
    expect(cache.map((item) => item.key)).toEqual(['/a#1']);
  });
});

describe('header search (fuse.js, weights 0.7 title / 0.3 path, threshold 0.4)', () => {
  const menus = [
    menu({
      id: 'sys',
      type: 1,
      fullName: '系统管理',
      enCode: 'system',
      children: [
        menu({ id: 'user', fullName: '用户管理', urlAddress: 'permission/user' }),
        menu({ id: 'rule', fullName: '单据规则', urlAddress: 'system/billRule' }),
        menu({ id: 'link', type: 7, linkTarget: '_blank', fullName: '官网', urlAddress: 'https://example.com' }),
      ],
    }),
  ];
  const search = createMenuIndex(
    Fuse as FuseConstructor,
    searchEntries(menus, (item) => item.fullName),
  );

  it('weighs title 0.7 and path 0.3 with threshold 0.4', () => {
    expect(MENU_SEARCH_OPTIONS).toMatchObject({
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
      threshold: 0.4,
    });
  });
  it('finds menus by title and by path, never directories', () => {
    expect(search('用户').map((entry) => entry.menu.id)).toEqual(['user']);
    expect(search('billrule').map((entry) => entry.path)).toEqual(['/system/billRule']);
    expect(search('系统管理').map((entry) => entry.menu.id)).not.toContain('sys');
    expect(search('  ')).toEqual([]);
  });
  it('lists links that open a new window with their address', () => {
    expect(search('官网')[0]).toMatchObject({ path: 'https://example.com' });
  });
  it('opens with Ctrl+K or ⌘K', () => {
    expect(isSearchShortcut({ key: 'k', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSearchShortcut({ key: 'K', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSearchShortcut({ key: 'k', ctrlKey: false, metaKey: false })).toBe(false);
  });
});

describe('blend layout', () => {
  const pageA = menu({ id: 'a1', urlAddress: 'a/1' });
  const pageB = menu({ id: 'b1', urlAddress: 'b/1' });
  const topPage = menu({ id: 'top', urlAddress: 'top' });
  const menus = [menu({ id: 'A', type: 1, children: [pageA] }), menu({ id: 'B', type: 0, children: [pageB] }), topPage];
  const index = indexMenus(menus);

  it('chooses the top entry above the view, else the last chosen, else the first with children', () => {
    expect(activeTopId(menus, index, 'b1', 'A')).toBe('B');
    expect(activeTopId(menus, index, 'top', 'A')).toBe('top');
    expect(activeTopId(menus, index, '', 'B')).toBe('B');
    expect(activeTopId(menus, index, '', null)).toBe('A');
  });
  it('hands the children of a directory (type 0 or 1) to the left menu', () => {
    expect(sideMenusOf(index.byId.get('A'))).toEqual([pageA]);
    expect(sideMenusOf(index.byId.get('top'))).toEqual([]);
  });
});

describe('layouts', () => {
  it('uses the chosen layout on wide screens and the classic drawer on narrow ones', () => {
    expect(layoutFor('blend', false)).toBe('blend');
    expect(layoutFor('blend', true)).toBe('classic');
  });
});

describe('application switcher', () => {
  const systems = [
    { id: '1', name: '开发平台', icon: '', currentSystem: true },
    { id: '2', name: '智慧园区', icon: '', currentSystem: false },
  ];
  it('shows only with more than one system and not when embedded', () => {
    expect(shouldShowAppSwitcher(systems, false)).toBe(true);
    expect(shouldShowAppSwitcher(systems.slice(0, 1), false)).toBe(false);
    expect(shouldShowAppSwitcher(systems, true)).toBe(false);
    expect(shouldShowAppSwitcher(undefined, false)).toBe(false);
  });
  it('filters by name', () => {
    expect(filterSystems(systems, ' 园区 ').map((system) => system.id)).toEqual(['2']);
    expect(filterSystems(systems, '')).toHaveLength(2);
  });
});
