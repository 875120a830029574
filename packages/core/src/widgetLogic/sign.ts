// The handwritten signature's value: the address of the picture the signature pad (or a saved signature) was
// stored as through the upload, in the picture store. The same check runs in the form and on the server; the
// server checks besides that the writer may read the file.
import { IMAGE_EXTENSIONS } from '../onlineDev.js';
import { WIDGET_OK, widgetFailure, type WidgetCheck } from './messages.js';

/** The pad's size in pixels and the dialog's width. */
export const SIGN_CANVAS = /* @__PURE__ */ Object.freeze({ width: 560, height: 300 });
export const SIGN_DIALOG_WIDTH = 600;
/** The picture store signatures go to. */
export const SIGN_STORE = 'annexpic';

const SIGN_URL = /^\/api\/file\/Image\/annexpic\/([0-9]{8}_[0-9A-Za-z]{1,40}\.([a-z0-9]{1,10}))$/;

/** The stored name of the picture a signature value points at, or null when it is not a stored picture. */
export function signFileName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = SIGN_URL.exec(value);
  return match && IMAGE_EXTENSIONS.includes(match[2]!) ? match[1]! : null;
}

/** The address a stored picture is read at. */
export const signUrlOf = (name: string) => `/api/file/Image/${SIGN_STORE}/${name}`;

/** Empty, or the address of a stored picture. */
export function checkSignValue(value: unknown): WidgetCheck {
  if (value === undefined || value === null || value === '') return WIDGET_OK;
  return signFileName(value) ? WIDGET_OK : widgetFailure('signNotImage');
}
