// Navigation for code outside React components (request layer, session reset). The router binds itself
// at start-up; before that a full page load is used.

export interface NavigateOptions {
  replace?: boolean;
}
type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};
let currentPathReader: () => string = () => window.location.pathname + window.location.search;

export function bindNavigator(navigate: Navigator, readCurrentPath: () => string): void {
  navigator = navigate;
  currentPathReader = readCurrentPath;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}

/** The current in-app path with its query, without the router base path. */
export function currentAppPath(): string {
  return currentPathReader();
}

/** The sign-in address that returns to `fullPath` afterwards (/login?redirect=…). */
export function loginPathFor(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * A redirect target from the query, accepted only when it is an in-app path, so that a crafted link
 * cannot send the user to another site after sign-in.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === '/login' || raw.startsWith('/login?')) return '/';
  return raw;
}
