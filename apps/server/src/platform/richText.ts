// Rich text (notice bodies, online-form editor fields) reduced to an allow-list before it is stored: formatting,
// links and images stay; scripts, event handlers, frames, forms, style sheets and unsafe addresses go.
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@jnpf/core';

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)|[a-z]{3,20})$/i;
const LENGTH = /^-?\d{1,5}(\.\d{1,4})?(px|em|rem|%|pt)?$/;
const lengths = [LENGTH];
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
    '*': {
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
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
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
