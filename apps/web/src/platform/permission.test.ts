import type { PermissionEntry } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { hasPermission } from './permission';

const entry = (modelId: string, buttons: string[] | undefined): PermissionEntry =>
  ({
    modelId,
    moduleName: modelId,
    button: buttons?.map((enCode) => ({ id: enCode, fullName: enCode, enCode })),
    column: [],
    form: [],
    resource: [],
  }) as unknown as PermissionEntry;

describe('hasPermission', () => {
  const list = [entry('menu-1', ['btn_add', 'btn_edit']), entry('menu-2', undefined)];

  it('grants what the module lists', () => {
    expect(hasPermission(list, 'menu-1', 'button', 'btn_add')).toBe(true);
    expect(hasPermission(list, 'menu-1', 'button', 'btn_remove')).toBe(false);
  });

  it('denies when the module has no entry or no list', () => {
    expect(hasPermission(list, 'menu-9', 'button', 'btn_add')).toBe(false);
    expect(hasPermission(list, 'menu-2', 'button', 'btn_add')).toBe(false);
    expect(hasPermission(list, 'menu-1', 'column', 'name')).toBe(false);
  });
});
