// Build-time constants of the web app. Anything a deployment may change lives here.

/** Prefix of every API call; the server (or the dev proxy) serves the API on the same origin. */
export const API_BASE = '';

/** Default request timeout; set here rather than in each call, so that a deployment may change it. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Timeout of the known slow calls (third-party sync, email receive, data authority, data sync). */
export const LONG_REQUEST_TIMEOUT_MS = 100_000;

/** URL fragments of the slow calls that get LONG_REQUEST_TIMEOUT_MS unless the caller sets a timeout. */
export const LONG_REQUEST_URL_PARTS: readonly string[] = [
  '/SynThirdInfo',
  '/Email/Receive',
  '/Authority/Data',
  '/DataSync/Actions/Execute',
];

/** Error toast duration of the request layer, seconds. */
export const REQUEST_ERROR_TOAST_SECONDS = 1.5;

/** Generic toast duration, seconds. */
export const DEFAULT_TOAST_SECONDS = 3;

/** Last-login notice duration, seconds. */
export const LAST_LOGIN_NOTICE_SECONDS = 2;

/** Base address of the data-visualisation app that menu type 6 opens (`${dataV}` in link templates). */
export const DATA_VISUAL_URL = '/DataV';

/**
 * Base address of the report server whose preview page menu type 5 (data report) embeds (the reference's
 * `reportServer`), set at build time with VITE_REPORT_SERVER_URL; empty when the deployment has none.
 */
export function reportServerUrl(): string {
  const configured: unknown = import.meta.env.VITE_REPORT_SERVER_URL;
  return typeof configured === 'string' ? configured.trim().replace(/\/+$/, '') : '';
}

/** Version shown when the server's system configuration does not name one. */
export const DEFAULT_SYS_VERSION = '3.6.0';

/** Below this width the shell switches to mobile mode (the sidebar becomes a drawer). */
export const MOBILE_BREAKPOINT_PX = 992;

/** Sidebar width. */
export const SIDEBAR_WIDTH_PX = 210;

/** Width the top menu gives each entry; entries that do not fit go under "More ...". */
export const TOP_MENU_SLOT_PX = 116;

/** Whether the header shows the settings button (its visibility is a setting of the build). */
export const SHOW_SETTINGS = true;

/** Most views kept alive at once when view caching is on; the least recently shown one goes first. */
export const MAX_CACHED_VIEWS = 10;

/** Polling interval of the app-scan sign-in ticket. */
export const SCAN_POLL_INTERVAL_MS = 2000;

/** Whether the app runs inside another page's frame (the application switcher is hidden then). */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent denies access: embedded
  }
}
