// The dynamic routes of the current session. Kept outside the router so that a token reset can empty
// them (the router's own route list cannot be shrunk), and matched by the main layout's catch-all route.
import { create } from 'zustand';
import { onSessionReset } from '../../platform/session';
import type { AppRoute } from './types';

interface RouteTableState {
  routes: AppRoute[];
}

export const useRouteTable = create<RouteTableState>(() => ({ routes: [] }));

export function setRoutes(routes: AppRoute[]): void {
  useRouteTable.setState({ routes });
}

onSessionReset(() => setRoutes([]));

function normalizePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/** The route of a path; paths match case-insensitively and ignore a trailing slash. */
export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const wanted = normalizePath(pathname);
  return routes.find((route) => normalizePath(route.path) === wanted);
}
