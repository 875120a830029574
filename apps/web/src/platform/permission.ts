// Per-module permission checks: a module's column, form and button lists are checked by
// enCode; a module without an entry or without the list grants nothing.
import type { PermissionEntry } from '@jnpf/core';
import { useSession } from './session';

export type PermissionKind = 'button' | 'column' | 'form';

export function hasPermission(
  permissionList: readonly PermissionEntry[],
  modelId: string,
  kind: PermissionKind,
  enCode: string,
): boolean {
  const entry = permissionList.find((item) => item.modelId === modelId);
  const list = entry?.[kind];
  return Array.isArray(list) && list.some((item) => item.enCode === enCode);
}

/** Hook form for components: re-renders when the permission list changes. */
export function useHasPermission(modelId: string, kind: PermissionKind, enCode: string): boolean {
  const permissionList = useSession((state) => state.permissionList);
  return hasPermission(permissionList, modelId, kind, enCode);
}
