// Fixture of the tests that build routes and shells from menus (used by *.test.ts(x) only).
import type { MenuItem } from '@jnpf/core';

/** a menu as the server sends it: by default a page of the web category, without icon, address or children */
export function menuItem(id: string, overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    id,
    parentId: '-1',
    fullName: id,
    enCode: id,
    icon: '',
    urlAddress: '',
    linkTarget: '_self',
    type: 2,
    propertyJson: '',
    sortCode: 0,
    systemId: 's',
    category: 'Web',
    hasChildren: false,
    children: [],
    ...overrides,
  };
}
