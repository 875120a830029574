// The addresses an iframe field shows and a link opens: web pages only (http or https), so that a design can
// never carry javascript:, data: or a file path into a form.
import { WIDGET_OK, widgetFailure, type WidgetCheck } from './messages.js';

export const IFRAME_DEFAULTS = /* @__PURE__ */ Object.freeze({
  height: 300,
  borderColor: '#E2E0E0',
  borderWidth: 1,
  borderType: 'solid',
});
export const IFRAME_BORDER_TYPES = ['solid', 'dashed', 'dotted', 'double', 'none'] as const;
export const LINK_TARGETS = ['_blank', '_self'] as const;
const MAX_ADDRESS = 2000;

/** an absolute http or https address, without spaces or control characters */
export function isWebAddress(text: unknown): text is string {
  if (typeof text !== 'string' || !text || text.length > MAX_ADDRESS) return false;
  // spaces and control characters (URL parsing would strip some of them silently)
  if ([...text].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** empty is allowed (nothing is shown or opened); anything else must be a web address */
export function checkWebAddress(text: unknown): WidgetCheck {
  if (text === undefined || text === null || text === '') return WIDGET_OK;
  return isWebAddress(text) ? WIDGET_OK : widgetFailure('webAddress');
}
