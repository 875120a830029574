import { ApartmentOutlined, BookOutlined, FormOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { iconName, iconOf, menuIcon } from './MenuIcon';

describe('menu icons', () => {
  it('reads the icon-font name of an icon class list', () => {
    expect(iconName('icon-ym icon-ym-tree-user2')).toBe('tree-user2');
    expect(iconName('ym-custom ym-custom-account')).toBe('account');
    expect(iconName('icon-ym')).toBe('');
    expect(iconName('')).toBe('');
    expect(iconName(null)).toBe('');
  });

  it("shows the reference's own menu icons, other names by their words, and nothing for the unknown", () => {
    expect(iconOf('icon-ym icon-ym-tree-user2')).toBe(UserOutlined);
    expect(iconOf('icon-ym icon-ym-tree-organization3')).toBe(ApartmentOutlined);
    expect(iconOf('icon-ym icon-ym-systemSet')).toBe(SettingOutlined);
    expect(iconOf('icon-ym icon-ym-dictionaryList')).toBe(BookOutlined);
    expect(iconOf('icon-ym icon-ym-zzz')).toBeNull();
    expect(iconOf('fa fa-user')).toBeNull();
  });

  it("falls back to the icon of the menu's type", () => {
    const byType = menuIcon('icon-ym icon-ym-zzz', 3);
    expect(isValidElement(byType) && byType.type).toBe(FormOutlined);
    const named = menuIcon('icon-ym icon-ym-tree-user2', 3);
    expect(isValidElement(named) && named.type).toBe(UserOutlined);
  });
});
