// What rich text (notice bodies, message bodies) may contain: one allow-list, used by the server when it stores
// rich text (sanitize-html) and by the web app when it shows it (rebuilt as React elements from an inert parse).

export const RICH_TEXT_TAGS: readonly string[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'font',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/**
 * Plain attributes allowed per tag ('*': on every tag). Addresses (href, src), link targets and style are
 * checked separately by each side.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['title', 'align'],
  a: ['name'],
  img: ['alt', 'width', 'height'],
  font: ['color', 'size', 'face'],
  td: ['colspan', 'rowspan', 'width', 'valign'],
  th: ['colspan', 'rowspan', 'width', 'valign', 'scope'],
  col: ['span', 'width'],
  table: ['border', 'cellpadding', 'cellspacing', 'width'],
  ol: ['start', 'type'],
};

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)|[a-z]{3,20})$/i;
const LENGTH = /^-?\d{1,5}(\.\d{1,4})?(px|em|rem|%|pt)?$/;
const lengths = [LENGTH];

/**
 * The inline styles rich text may carry, each with the patterns its value must match (any one of them): the
 * server keeps only these when it stores rich text, and the editor keeps only these from what is pasted.
 */
export const RICH_TEXT_STYLES: Readonly<Record<string, readonly RegExp[]>> = {
  color: [COLOR],
  'background-color': [COLOR],
  'font-size': lengths,
  'font-family': [/^[\w\s,"'-]{1,100}$/],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic|oblique)$/],
  'text-align': [/^(left|right|center|justify)$/],
  'text-decoration': [/^(none|underline|overline|line-through)(\s+(solid|double|dotted|dashed|wavy))?$/],
  'text-indent': lengths,
  'line-height': lengths,
  'letter-spacing': lengths,
  'vertical-align': [/^(baseline|top|middle|bottom|sub|super)$/],
  width: lengths,
  height: lengths,
  'max-width': lengths,
  margin: [/^(-?\d{1,4}(px|em|%)?\s*){1,4}$/],
  'margin-left': lengths,
  'margin-right': lengths,
  'margin-top': lengths,
  'margin-bottom': lengths,
  padding: [/^(\d{1,4}(px|em|%)?\s*){1,4}$/],
  'padding-left': lengths,
  'padding-right': lengths,
  'border-collapse': [/^(collapse|separate)$/],
  border: [/^\d{1,2}px\s+(solid|dashed|dotted|double)\s+(#[0-9a-f]{3,8}|[a-z]{3,20})$/i],
};

/** the font sizes the editor offers, in px (12 to 72) */
export const RICH_TEXT_FONT_SIZES: readonly number[] = [12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72];
