// Button-level permission (shell.md §6): an element carrying a permission code is removed unless the
// current page's module grants a button with that enCode. The server refuses the call anyway; this only
// hides what would be refused.
import type { ReactNode } from 'react';
import { useHasPermission, type PermissionKind } from '../permission';
import { useCurrentModule } from './moduleContext';

/** whether the current page's module grants this button (or column / form field) */
export function useAuth(code: string, kind: PermissionKind = 'button'): boolean {
  const { menuId } = useCurrentModule();
  return useHasPermission(menuId, kind, code);
}

export function Auth({
  code,
  kind = 'button',
  children,
}: {
  code: string;
  kind?: PermissionKind;
  children: ReactNode;
}) {
  return useAuth(code, kind) ? <>{children}</> : null;
}
