// Rich text reduced in the browser to what the server keeps (the shared allow-list of @jnpf/core: tags, attributes,
// styles with their value patterns; addresses as the server's sanitiser checks them), for what is pasted or dropped
// into the editor and for a stored value loaded into it. The server sanitises every write again: this only keeps
// the editor from showing what would not be stored (Word's classes and mso- styles, scripts, foreign styles).
import { PRINT_DATA_TAG, PRINT_FIELD_CLASS, RICH_TEXT_ATTRIBUTES, RICH_TEXT_STYLES, RICH_TEXT_TAGS } from '@jnpf/core';

const ALLOWED_TAGS = new Set(RICH_TEXT_TAGS);

/** removed with everything inside them; other unknown tags are unwrapped (their text stays), as on the server */
export const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'head',
  'title',
  'audio',
  'video',
  'source',
  'canvas',
  'xml',
]);

/** the server's schemes: links to the web, mail and phone; pictures from the web, our own files or raster data */
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
const SAFE_RELATIVE = /^(#|\/(?!\/)|\.{0,2}\/?[\w-])/;
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;
/** a scheme before any path, query or fragment ("javascript:", "data:") */
const HAS_SCHEME = /^[^/?#]*:/;

/** control characters and spaces, which browsers ignore inside an address ("java\tscript:") */
const compact = (value: string) =>
  Array.from(value)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && !(code >= 0x7f && code <= 0x9f);
    })
    .join('');

export function safeHref(value: string | null): string | null {
  if (!value) return null;
  const url = compact(value);
  if (SAFE_HREF.test(url)) return url;
  return !HAS_SCHEME.test(url) && SAFE_RELATIVE.test(url) ? url : null;
}

export function safeImageSrc(value: string | null): string | null {
  if (!value) return null;
  const url = value.trim();
  if (DATA_IMAGE.test(url)) return url;
  const plain = compact(url);
  if (/^https?:\/\//i.test(plain)) return plain;
  return !HAS_SCHEME.test(plain) && SAFE_RELATIVE.test(plain) ? plain : null;
}

/** the allowed declarations of a style attribute, as the server writes them ("name:value;name:value") */
export function cleanStyle(style: CSSStyleDeclaration): string {
  const kept: string[] = [];
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    const value = style.getPropertyValue(name).trim();
    const patterns = RICH_TEXT_STYLES[name];
    if (value && patterns?.some((pattern) => pattern.test(value))) kept.push(`${name}:${value}`);
  }
  return kept.join(';');
}

export interface CleanOptions {
  /** keeps print-template placeholders: a span of the placeholder class with a data-tag naming list and field */
  printFields?: boolean;
}

function cleanAttributes(from: Element, to: HTMLElement, tag: string, options: CleanOptions) {
  for (const name of [...(RICH_TEXT_ATTRIBUTES['*'] ?? []), ...(RICH_TEXT_ATTRIBUTES[tag] ?? [])]) {
    const value = from.getAttribute(name);
    if (value !== null) to.setAttribute(name, value);
  }
  const style = cleanStyle((from as HTMLElement).style);
  if (style) to.setAttribute('style', style);
  if (tag === 'a') {
    const href = safeHref(from.getAttribute('href'));
    if (href) to.setAttribute('href', href);
    // a link that opens a new window must not be able to reach back into this one
    if (from.getAttribute('target') === '_blank') {
      to.setAttribute('target', '_blank');
      to.setAttribute('rel', 'noopener noreferrer');
    }
  }
  if (tag === 'img') {
    const src = safeImageSrc(from.getAttribute('src'));
    if (src) to.setAttribute('src', src);
  }
  if (tag === 'span' && options.printFields) {
    const dataTag = from.getAttribute('data-tag');
    if (dataTag && PRINT_DATA_TAG.test(dataTag)) to.setAttribute('data-tag', dataTag);
    if (from.classList.contains(PRINT_FIELD_CLASS)) to.setAttribute('class', PRINT_FIELD_CLASS);
  }
}

function cleanInto(node: Node, parent: Node, doc: Document, options: CleanOptions) {
  if (node.nodeType === Node.TEXT_NODE) {
    parent.appendChild(doc.createTextNode(node.textContent ?? ''));
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return; // comments, Word's processing instructions
  const element = node as Element;
  const tag = element.localName.toLowerCase();
  if (DROPPED_TAGS.has(tag) || tag.includes(':')) return; // <o:p>, <v:shape> and the like carry no text of use
  if (!ALLOWED_TAGS.has(tag)) {
    for (const child of Array.from(element.childNodes)) cleanInto(child, parent, doc, options);
    return;
  }
  const out = doc.createElement(tag);
  cleanAttributes(element, out, tag, options);
  // an image without a safe address says nothing
  if (tag === 'img' && !out.hasAttribute('src')) return;
  for (const child of Array.from(element.childNodes)) cleanInto(child, out, doc, options);
  parent.appendChild(out);
}

/**
 * The allowed part of an HTML text, as HTML: parsed inertly (DOMParser runs no script and loads nothing) and rebuilt
 * element by element in a document that is never shown.
 */
export function cleanRichTextHtml(html: string, options: CleanOptions = {}): string {
  if (!html) return '';
  const source = new DOMParser().parseFromString(html, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const root = target.createElement('div');
  for (const child of Array.from(source.body.childNodes)) cleanInto(child, root, target, options);
  return root.innerHTML;
}
