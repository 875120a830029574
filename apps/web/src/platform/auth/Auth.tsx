// Button-level permission: an element carrying a permission code is removed unless the
// current page's module grants a button with that enCode. The server refuses the call anyway; this only
// hides what would be refused. A button is named by one of the known codes (ButtonCode), so a code that is
// no button fails typecheck; a column or form field by its own code.
import type { ButtonCode } from '@jnpf/core';
import type { ReactNode } from 'react';
import { useHasPermission, type PermissionKind } from '../permission';
import { useCurrentModule } from './moduleContext';

function useGranted(code: string, kind: PermissionKind): boolean {
  const { menuId } = useCurrentModule();
  return useHasPermission(menuId, kind, code);
}

/** whether the current page's module grants this button (or column / form field) */
export function useAuth(code: ButtonCode): boolean;
export function useAuth(code: string, kind: 'column' | 'form'): boolean;
export function useAuth(code: string, kind: PermissionKind = 'button'): boolean {
  return useGranted(code, kind);
}

export function Auth({
  code,
  kind = 'button',
  children,
}: ({ code: ButtonCode; kind?: 'button' } | { code: string; kind: 'column' | 'form' }) & { children: ReactNode }) {
  return useGranted(code, kind) ? <>{children}</> : null;
}
