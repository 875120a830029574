import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_DICTIONARY_NAMES,
  BUILT_IN_MENU_NAMES,
  BUTTON_NAMES,
  MENU_DIRECTORY_NAMES,
  MENU_NAMES_BY_CODE,
  buttonName,
  dictionaryItemName,
  dictionaryTypeName,
  menuName,
} from './builtInNames.js';
import { BUILT_IN_MENUS, MENU_DIRECTORY } from './menus.js';
import type { Localized } from './messages.js';

/** every name of the source, with where it is */
function everyName(): [string, Localized][] {
  return [
    ...Object.entries(MENU_DIRECTORY_NAMES),
    ...Object.entries(BUILT_IN_MENU_NAMES),
    ...Object.entries(BUTTON_NAMES),
    ...Object.entries(BUILT_IN_DICTIONARY_NAMES).flatMap(([code, d]) => [
      [code, d.name] as [string, Localized],
      ...Object.entries(d.items).map(([item, n]) => [`${code}.${item}`, n] as [string, Localized]),
    ]),
  ];
}

describe('built-in names', () => {
  it('name every directory and built-in screen by its menu code', () => {
    for (const code of Object.values(MENU_DIRECTORY)) expect(MENU_NAMES_BY_CODE.has(code), code).toBe(true);
    for (const menu of Object.values(BUILT_IN_MENUS))
      expect(MENU_NAMES_BY_CODE.has(menu.enCode), menu.enCode).toBe(true);
  });

  it('write English in Latin letters and Traditional Chinese apart from Simplified where the characters differ', () => {
    for (const [where, names] of everyName()) {
      expect(names.en, where).toMatch(/^[A-Za-z][A-Za-z '&-]*$/);
      expect(names.zhtw, where).not.toBe('');
    }
    // a few characters that differ, as a check that zhtw is not a copy of zh
    expect(MENU_NAMES_BY_CODE.get('system')?.zhtw).toBe('系統管理');
    expect(BUILT_IN_DICTIONARY_NAMES.sex?.name.zhtw).toBe('性別');
  });

  it('answer the caller’s language while the stored name is the seeded one, else the stored name', () => {
    expect(menuName('permission.user', '用户管理', 'en')).toBe('Users');
    expect(menuName('permission.user', '用户管理', 'zhtw')).toBe('用戶管理');
    expect(menuName('permission.user', '用户管理', 'zh')).toBe('用户管理');
    expect(menuName('permission.user', '员工', 'en')).toBe('员工');
    expect(menuName('custom.menu', '自定义', 'en')).toBe('自定义');
    expect(buttonName('btn_add', '新增', 'en')).toBe('Add');
    expect(dictionaryTypeName('sex', '性别', 'en')).toBe('Gender');
    expect(dictionaryItemName('sex', '2', '女', 'en')).toBe('Female');
    expect(dictionaryItemName('sex', '9', '其他', 'en')).toBe('其他');
    // codes that are properties of every object are no entries
    expect(dictionaryItemName('constructor', 'toString', '甲', 'en')).toBe('甲');
    expect(dictionaryTypeName('__proto__', '乙', 'en')).toBe('乙');
    expect(buttonName('constructor', '丙', 'en')).toBe('丙');
  });
});
