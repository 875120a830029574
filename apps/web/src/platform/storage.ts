// Local storage with the product's key scheme: every key starts with the product prefix,
// plus an application-id segment when the app is opened under an application-specific path prefix.

const PRODUCT_PREFIX = 'jnpf_';
/** Path prefix under which a single application (system) is opened, e.g. /JNPF_APP_crm/home. */
const APPLICATION_PATH = /^\/JNPF_APP_([^/]+)/;

/** The application id of the current path, or '' when the app is opened normally. */
export function applicationIdFromPath(pathname: string): string {
  return APPLICATION_PATH.exec(pathname)?.[1] ?? '';
}

/** The router base path: the application prefix when one is set, else ''. */
export function basePathFromPath(pathname: string): string {
  const applicationId = applicationIdFromPath(pathname);
  return applicationId ? `/JNPF_APP_${applicationId}` : '';
}

export function storageKey(name: string, pathname: string = currentPathname()): string {
  const applicationId = applicationIdFromPath(pathname);
  return applicationId ? `${PRODUCT_PREFIX}${applicationId}_${name}` : `${PRODUCT_PREFIX}${name}`;
}

function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** JSON values under prefixed keys; unreadable or unavailable storage behaves as empty. */
export const storage = {
  get(name: string): unknown {
    try {
      const raw = window.localStorage.getItem(storageKey(name));
      return raw === null ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      return undefined;
    }
  },
  set(name: string, value: unknown): void {
    try {
      window.localStorage.setItem(storageKey(name), JSON.stringify(value));
    } catch {
      // Private mode or a full quota: the session still works for this page life.
    }
  },
  remove(name: string): void {
    try {
      window.localStorage.removeItem(storageKey(name));
    } catch {
      // See set().
    }
  },
};

/** Names of the stored values, in one place so that nothing else invents keys. */
export const StorageNames = {
  token: 'token',
  lock: 'lock',
  language: 'language',
  preferences: 'preferences',
  sysConfig: 'sysConfig',
} as const;
