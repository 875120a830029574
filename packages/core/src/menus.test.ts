import { describe, expect, it } from 'vitest';
import { BUILT_IN_MENUS, BUTTON, MENU_DIRECTORY } from './menus.js';

describe('built-in menus', () => {
  const menus = Object.values(BUILT_IN_MENUS);

  /** screens the reference's own web client addresses otherwise: the address follows the reference, the code
   * stays (route permissions and grants name it) */
  const REFERENCE_ADDRESSES: Record<string, string> = { 'permission.onlineUser': 'permission/userOnline' };

  it('address each screen by its code: directory.screen at directory/screen, or the reference’s address', () => {
    for (const menu of menus)
      expect(menu.urlAddress, menu.enCode).toBe(REFERENCE_ADDRESSES[menu.enCode] ?? menu.enCode.replace('.', '/'));
  });

  it('sit in a known directory, one menu a code', () => {
    const directories: string[] = Object.values(MENU_DIRECTORY);
    for (const menu of menus) expect(directories).toContain(menu.enCode.split('.')[0]);
    expect(new Set(menus.map((menu) => menu.enCode)).size).toBe(menus.length);
  });

  it('name each button once, from the known codes', () => {
    const codes: string[] = Object.values(BUTTON);
    expect(new Set(codes).size).toBe(codes.length);
    for (const menu of menus) {
      expect(new Set(menu.buttons).size).toBe(menu.buttons.length);
      for (const button of menu.buttons) expect(codes).toContain(button);
    }
  });
});
