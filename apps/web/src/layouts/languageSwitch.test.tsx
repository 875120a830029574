// Switching the interface language renames the shell's menus without a reload: the session's menus are fetched
// again in the new language (the server names built-in menus in it), and the tags and breadcrumbs follow, tabs
// of other pages included; server data on screen (dictionaries) is fetched again too.
import type { MenuItem } from '@jnpf/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../app/queryClient';
import { useCurrentView } from '../app/routes/viewInfo';
import { changeLanguage } from '../app/session/sessionActions';
import { loadUserSession } from '../app/session/loadUserSession';
import { i18n } from '../platform/i18n';
import { http } from '../platform/request';
import { setToken, useSession } from '../platform/session';
import Breadcrumbs from './parts/Breadcrumbs';
import { tagsActions } from './tags/tagsStore';
import TagsView from './tags/TagsView';

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const NAMES = {
  permission: { zh: '组织权限', en: 'Organization & Permissions' },
  'permission.user': { zh: '用户管理', en: 'Users' },
  'permission.role': { zh: '角色管理', en: 'Roles' },
} as const;
type Lang = 'zh' | 'en';

const menu = (enCode: keyof typeof NAMES, lang: Lang, fields: Partial<MenuItem>): MenuItem =>
  ({
    id: enCode,
    parentId: '-1',
    enCode,
    fullName: NAMES[enCode][lang],
    type: 2,
    urlAddress: '',
    icon: '',
    propertyJson: '{}',
    linkTarget: '_self',
    sortCode: 0,
    systemId: 's',
    category: 'Web',
    hasChildren: false,
    ...fields,
  }) as MenuItem;

/** the CurrentUser answer as the server names it in `lang` */
const currentUser = (lang: Lang) => ({
  menuList: [
    menu('permission', lang, {
      type: 1,
      hasChildren: true,
      children: [
        menu('permission.user', lang, { parentId: 'permission', urlAddress: 'permission/user' }),
        menu('permission.role', lang, { parentId: 'permission', urlAddress: 'permission/role' }),
      ],
    }),
  ],
  permissionList: [],
  userInfo: { userId: 'u1', userName: 'admin', language: lang },
  sysConfigInfo: {},
});

const fetchMock = vi.fn<typeof fetch>();
const languageOf = (init?: RequestInit) =>
  (init?.headers as Record<string, string> | undefined)?.['jnpf-language'] as Lang;
let dictionaryCalls: Lang[] = [];

beforeAll(() => i18n.changeLanguage('zh'));
afterAll(() => i18n.changeLanguage('zh'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  dictionaryCalls = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    const lang = languageOf(init);
    const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'Success', data }));
    if (path.startsWith('/api/oauth/CurrentUser')) return answer(currentUser(lang));
    if (path.startsWith('/api/system/DictionaryData/All')) {
      dictionaryCalls.push(lang);
      return answer({ list: [] });
    }
    return answer(null);
  });
  setToken('bearer t');
});

/** the breadcrumbs of the view on screen, as the shell shows them */
function Crumbs() {
  return <Breadcrumbs view={useCurrentView()} />;
}

/** a screen reading the dictionaries, as the user form does */
function DictionaryReader() {
  useQuery({
    queryKey: ['dictionary', 'all'],
    queryFn: () => http.get('/api/system/DictionaryData/All'),
  });
  return null;
}

describe('switching the language in the shell', () => {
  it('renames the menu, the tags and the breadcrumbs with the menus fetched in the new language', async () => {
    await loadUserSession();
    tagsActions.add({
      path: '/permission/role',
      fullPath: '/permission/role',
      name: 'permission-role',
      titleKey: null,
      title: '角色管理',
      menuType: 2,
      affix: false,
    });
    tagsActions.add({
      path: '/permission/user',
      fullPath: '/permission/user',
      name: 'permission-user',
      titleKey: null,
      title: '用户管理',
      menuType: 2,
      affix: false,
    });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <TagsView />
              <Crumbs />
              <DictionaryReader />
            </>
          ),
        },
      ],
      { initialEntries: ['/permission/user'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('tab', { name: /用户管理/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /角色管理/ })).toBeTruthy();
    expect(screen.getByText('组织权限')).toBeTruthy();
    await waitFor(() => expect(dictionaryCalls).toHaveLength(1));

    await act(() => changeLanguage('en'));

    // the session's menus came again, asked for in English
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/oauth/CurrentUser'));
    expect(languageOf(calls.at(-1)![1])).toBe('en');
    expect(useSession.getState().menuList[0]!.fullName).toBe('Organization & Permissions');
    // both tabs, the one on screen and the other, and the breadcrumbs
    expect(await screen.findByRole('tab', { name: /Users/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Roles/ })).toBeTruthy();
    expect(screen.getByText('Organization & Permissions')).toBeTruthy();
    expect(screen.queryByText('用户管理')).toBeNull();
    // the dictionaries on screen were fetched again
    await waitFor(() => expect(dictionaryCalls).toHaveLength(2));
  });
});
