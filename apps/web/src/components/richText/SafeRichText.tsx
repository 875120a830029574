// A message's rich body shown without ever handing HTML to the browser: the text is parsed into an inert
// document (DOMParser runs no script and loads nothing), and only an allow-list of tags, attributes, styles
// and addresses is rebuilt as React elements. The server sanitises notices already; this also covers bodies
// other senders wrote and anything stored before that rule.
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@jnpf/core';
import { createElement, useMemo, type CSSProperties, type ImgHTMLAttributes, type ReactNode } from 'react';
import { useAttachmentImage } from '../attachments/files';
import { DROPPED_TAGS } from './cleanHtml';
import styles from './SafeRichText.module.css';

const ALLOWED_TAGS = new Set(RICH_TEXT_TAGS);

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col']);

/** HTML attributes whose React prop is not the attribute's own name */
const REACT_NAMES: Record<string, string> = {
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  cellpadding: 'cellPadding',
  cellspacing: 'cellSpacing',
};

/** attribute → React prop name, per tag ('*' applies to every tag), from the shared allow-list */
const ATTRIBUTES: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [
    tag,
    Object.fromEntries(names.map((name) => [name, REACT_NAMES[name] ?? name])),
  ]),
);

const STYLE_PROPERTIES =
  /^(color|background-color|font-(size|family|weight|style)|text-(align|indent|decoration(-line|-style|-color)?)|line-height|letter-spacing|vertical-align|(max-)?width|height|(margin|padding)(-(top|right|bottom|left))?|border-collapse|border(-(top|right|bottom|left))?(-(width|style|color))?)$/;
/** no addresses, expressions or escapes inside a style value */
const UNSAFE_STYLE_VALUE = /url\s*\(|expression\s*\(|javascript:|[\\<>]/i;

const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|#|\/(?!\/))/i;
const SAFE_SRC = /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$)/i;
/** control characters and spaces, which browsers ignore inside an address ("java\tscript:") */
const ignoredInUrl = (char: string) => {
  const code = char.charCodeAt(0);
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
};

function cleanUrl(value: string | null, allowed: RegExp): string | null {
  if (!value) return null;
  const compact = Array.from(value)
    .filter((char) => !ignoredInUrl(char))
    .join('');
  return allowed.test(compact) ? compact : null;
}

function camelCase(property: string): string {
  return property.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase());
}

function styleOf(element: HTMLElement): CSSProperties | undefined {
  const style: Record<string, string> = {};
  for (let i = 0; i < element.style.length; i++) {
    const property = element.style.item(i);
    const value = element.style.getPropertyValue(property).trim();
    if (value && STYLE_PROPERTIES.test(property) && !UNSAFE_STYLE_VALUE.test(value)) style[camelCase(property)] = value;
  }
  return Object.keys(style).length ? (style as CSSProperties) : undefined;
}

function propsOf(element: HTMLElement, tag: string, key: number): Record<string, unknown> {
  const props: Record<string, unknown> = { key };
  for (const names of [ATTRIBUTES['*'], ATTRIBUTES[tag]])
    for (const [attribute, prop] of Object.entries(names ?? {})) {
      const value = element.getAttribute(attribute);
      if (value !== null) props[prop] = value;
    }
  const style = styleOf(element);
  if (style) props.style = style;
  if (tag === 'a') {
    const href = cleanUrl(element.getAttribute('href'), SAFE_HREF);
    if (href) {
      props.href = href;
      // a link in a message opens beside the app and cannot reach back into it
      if (!href.startsWith('#')) {
        props.target = '_blank';
        props.rel = 'noopener noreferrer';
      }
    }
  }
  if (tag === 'img') props.src = cleanUrl(element.getAttribute('src'), SAFE_SRC);
  return props;
}

/** our own stored picture (a server path): read with the token and shown from memory, as an <img> cannot send it */
function StoredImage({ src, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const image = useAttachmentImage(src);
  return <img {...rest} src={image.src} />;
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = () => Array.from(element.childNodes, (child, i) => toReact(child, i));
  if (!ALLOWED_TAGS.has(tag)) return createElement('span', { key }, ...children());
  const props = propsOf(element, tag, key);
  // an image without a safe address shows nothing
  if (tag === 'img' && !props.src) return null;
  if (tag === 'img' && String(props.src).startsWith('/'))
    return createElement(StoredImage, { ...(props as ImgHTMLAttributes<HTMLImageElement>), src: String(props.src) });
  return VOID_TAGS.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children());
}

const kebabCase = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** the allowed attributes of an element, by HTML name (the same rules as the React elements above) */
function attributesOf(element: HTMLElement, tag: string): [string, string][] {
  const props = propsOf(element, tag, 0);
  const out: [string, string][] = [];
  for (const names of [ATTRIBUTES['*'], ATTRIBUTES[tag]])
    for (const [attribute, prop] of Object.entries(names ?? {})) {
      const value = props[prop];
      if (typeof value === 'string') out.push([attribute, value]);
    }
  const style = props.style as Record<string, string> | undefined;
  if (style)
    out.push([
      'style',
      Object.entries(style)
        .map(([name, value]) => `${kebabCase(name)}: ${value}`)
        .join('; '),
    ]);
  for (const name of ['href', 'target', 'rel', 'src'])
    if (typeof props[name] === 'string' && !out.some(([n]) => n === name)) out.push([name, props[name] as string]);
  return out;
}

function toDom(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const out = doc.createElement(ALLOWED_TAGS.has(tag) ? tag : 'span');
  if (ALLOWED_TAGS.has(tag)) {
    const attributes = attributesOf(element, tag);
    if (tag === 'img' && !attributes.some(([name]) => name === 'src')) return null;
    for (const [name, value] of attributes) out.setAttribute(name, value);
  }
  if (!VOID_TAGS.has(tag))
    for (const child of Array.from(element.childNodes)) {
      const clean = toDom(child, doc);
      if (clean) out.appendChild(clean);
    }
  return out;
}

/**
 * The allowed part of an HTML text as nodes of `doc`, for an editable element: built one by one from an inert
 * parse, so nothing of the text runs (never assign untrusted HTML to innerHTML).
 */
export function richTextDomNodes(html: string, doc: Document = document): Node[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Array.from(body.childNodes, (node) => toDom(node, doc)).filter((n): n is Node => n !== null);
}

/** the allowed part of an HTML text as React nodes */
export function richTextNodes(html: string): ReactNode[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Array.from(body.childNodes, (node, i) => toReact(node, i));
}

const looksLikeHtml = (text: string) => /<\/?[a-z][^>]*>/i.test(text);

export function SafeRichText({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => (looksLikeHtml(html) ? richTextNodes(html) : null), [html]);
  // plain text keeps its line breaks
  if (!nodes)
    return (
      <div className={className} style={{ whiteSpace: 'pre-wrap' }}>
        {html}
      </div>
    );
  return <div className={className ? `${styles.richText} ${className}` : styles.richText}>{nodes}</div>;
}
