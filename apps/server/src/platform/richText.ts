// Rich text (notice bodies, online-form editor fields) reduced to an allow-list before it is stored: formatting,
// links and images stay; scripts, event handlers, frames, forms, style sheets and unsafe addresses go.
import sanitizeHtml from 'sanitize-html';
import { PRINT_DATA_TAG, PRINT_FIELD_CLASS, RICH_TEXT_ATTRIBUTES, RICH_TEXT_STYLES, RICH_TEXT_TAGS } from '@jnpf/core';

/** inline images the editor pastes; svg is left out (it can carry script) */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i;
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|\.{0,2}\/?[\w-])/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    '*': [...RICH_TEXT_ATTRIBUTES['*']!, 'style'],
    a: [...RICH_TEXT_ATTRIBUTES.a!, 'href', 'target', 'rel'],
    img: [...RICH_TEXT_ATTRIBUTES.img!, 'src'],
  },
  allowedStyles: {
    '*': Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([name, patterns]) => [name, [...patterns]])),
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // a table's column (the editor writes a colgroup) is a void element, as img and br
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out.target && out.target !== '_blank' && out.target !== '_self') delete out.target;
      // a link that opens a new window must not be able to reach back into this one
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      const src = (out.src ?? '').trim();
      if (!(DATA_IMAGE.test(src) || (!src.toLowerCase().startsWith('data:') && SAFE_URL.test(src)))) delete out.src;
      return { tagName, attribs: out };
    },
  },
  // an image without a source says nothing
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * A print template's body: rich text, plus its field placeholders (a span of the placeholder class whose data-tag
 * names a list and a field); a data-tag of any other shape is dropped.
 */
const printOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedAttributes: {
    ...(options.allowedAttributes as Record<string, sanitizeHtml.AllowedAttribute[]>),
    span: [...(RICH_TEXT_ATTRIBUTES.span ?? []), 'data-tag', 'class'],
  },
  allowedClasses: { span: [PRINT_FIELD_CLASS] },
  transformTags: {
    ...options.transformTags,
    span: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out['data-tag'] !== undefined && !PRINT_DATA_TAG.test(out['data-tag'])) delete out['data-tag'];
      return { tagName, attribs: out };
    },
  },
};

export function sanitizePrintTemplate(html: string): string {
  return sanitizeHtml(html, printOptions);
}

/** the text of some HTML, for an excerpt */
export function plainText(html: string): string {
  const entities: Record<string, string> = {
    '&nbsp;': ' ',
    '&amp;': '&',
    '&lt;': '<',
    '&gt;': '>',
    '&quot;': '"',
    '&#39;': "'",
  };
  // blocks and line breaks become spaces, so their words do not run together
  const spaced = html.replace(/<(br|\/(p|div|h[1-6]|li|td|th|tr|blockquote|pre|figcaption))\b[^>]*>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (e) => entities[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}
