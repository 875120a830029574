// Business constants the administration screens share.

/** page sizes of every paged table; the first is the default */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** how long the server's message shows after a save, seconds; the dialog closes when it has shown */
export const SAVE_TOAST_SECONDS = 1.5;

/** sortCode range of every administration form */
export const SORT_CODE_MAX = 999_999;

/** name and code length of dictionaries, number rules and the like */
export const NAME_MAX = 50;

/** drawer widths */
export const DRAWER_WIDTH = 700;
export const DRAWER_WIDTH_SMALL = 320;

/** the default dialog width of administration forms */
export const DIALOG_WIDTH = 600;
