import type { ComponentType } from 'react';

/** The generic runtime views that menu types 3 (online form), 4 (dictionary), 5 (report) and 8 (portal) open. */
export type RuntimeKind = 'dynamicModel' | 'dictionary' | 'report' | 'portal';

/** What a generic runtime view receives, from the menu item's property JSON. */
export interface RuntimeViewProps {
  menuId: string;
  moduleId: string;
  isTree: boolean;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;
export type RuntimeLoader = () => Promise<{ default: ComponentType<RuntimeViewProps> }>;

/**
 * The views this build of the app contains: module pages keyed by the menu's urlAddress (no query string,
 * no leading slash) and runtime views keyed by kind. Loaders keep every view in its own chunk.
 */
export interface ViewRegistry {
  pages: Readonly<Record<string, PageLoader>>;
  runtimes: Readonly<Partial<Record<RuntimeKind, RuntimeLoader>>>;
}

export interface BreadcrumbEntry {
  name: string;
  title: string;
}

export interface RouteMeta {
  /** Route name: the menu enCode with dots turned into dashes. */
  name: string;
  /** The menu's own (server-localized) name; a locale entry route.<name> takes precedence. */
  title: string;
  icon: string;
  /** The menu id, which is also the module id of its permission entry. */
  menuId: string;
  menuType: number;
  /** Never kept alive by the view cache. */
  noCache: boolean;
  /** Directories above this route, outermost first. */
  parents: BreadcrumbEntry[];
}

export type RouteContent =
  | { kind: 'directory'; firstChildPath: string | null }
  | { kind: 'page'; viewKey: string; query: string; load: PageLoader | null }
  | { kind: 'runtime'; runtime: RuntimeKind; moduleId: string; isTree: boolean; load: RuntimeLoader | null }
  | { kind: 'iframe'; urlTemplate: string };

export interface AppRoute {
  path: string;
  meta: RouteMeta;
  content: RouteContent;
}

/** What choosing a menu entry does. */
export type MenuAction = { kind: 'navigate'; path: string } | { kind: 'open'; urlTemplate: string } | { kind: 'none' };
