// Testing Library's role queries read the display and visibility of every element and its ancestors, and each
// mutation drops jsdom's per-element style cache, so jsdom matched every rule of its default stylesheet and of
// antd's sheets against element after element: over a third of the component tests' time. jsdom's cascade is rule
// order only (no specificity), so the same answer comes from the rules that can match at all: each rule is filed
// under a class, id or tag its selector requires of the element (a browser's rule hash), and only the rules filed
// under the element's own classes, id and tag, plus those that require none, are matched, in their original order,
// with jsdom's own selector engine. The result is the declaration jsdom would have built, in jsdom's own cache.
import type nodeFs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Declaration {
  length: number;
  [index: number]: string;
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): void;
}

interface CssRule {
  selectorText?: string;
  style?: Declaration;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<CssRule>;
  styleSheet?: { cssRules: ArrayLike<CssRule> } | null;
  constructor: { name: string };
}

interface Sheet {
  cssRules: ArrayLike<CssRule>;
}

interface ElementImpl {
  _attached: boolean;
  _localName: string;
  style: Declaration;
  getAttributeNS(namespace: string | null, name: string): string | null;
  classList: { length: number; item(index: number): string | null };
  _ownerDocument: {
    _styleCache: WeakMap<ElementImpl, Declaration> | null;
    _domSelector: { check(selector: string, element: ElementImpl): { match: boolean; pseudoElement: unknown } };
    styleSheets: { _list: Sheet[] };
  };
}

interface FiledRule {
  order: number;
  rule: CssRule;
}

interface RuleIndex {
  sheets: Sheet[];
  byClass: Map<string, FiledRule[]>;
  byId: Map<string, FiledRule[]>;
  byTag: Map<string, FiledRule[]>;
  anyElement: FiledRule[];
}

/** the selector jsdom matches for a rule (it drops anything before a stray semicolon) */
const selectorOf = (rule: CssRule) => (rule.selectorText ?? '').split(';').pop()!.trim();

/** splits at the given characters, outside brackets, parentheses and quotes */
function splitOutside(text: string, at: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0 && at(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** the last compound of a complex selector, with functional pseudo-classes and attribute tests removed */
function subjectCompound(selector: string): string {
  const compounds = splitOutside(selector.trim(), (c) => c === ' ' || c === '>' || c === '+' || c === '~');
  const last = compounds.filter((part) => part.trim() !== '').pop() ?? '';
  let plain = '';
  let depth = 0;
  for (const c of last) {
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0) plain += c;
  }
  return plain;
}

type Key = { kind: 'class' | 'id' | 'tag'; name: string } | null;

/** one thing the selector requires of the element it styles, or null when it requires nothing this index files */
function keyOf(selector: string): Key {
  const compound = subjectCompound(selector);
  // escapes and namespaces would need unescaping to compare with an element: file such rules for every element
  if (/[\\|]/.test(compound)) return null;
  // a name counts only when it ends where the next simple selector starts (not inside a longer, non-ASCII name)
  const id = /#(-?[_a-zA-Z][\w-]*)(?=$|[.#:*])/.exec(compound);
  if (id) return { kind: 'id', name: id[1]! };
  const className = /\.(-?[_a-zA-Z][\w-]*)(?=$|[.#:*])/.exec(compound);
  if (className) return { kind: 'class', name: className[1]! };
  const tag = /^([a-zA-Z][\w-]*)(?=$|[.#:*])/.exec(compound);
  if (tag) return { kind: 'tag', name: tag[1]!.toLowerCase() };
  return null;
}

function file(index: RuleIndex, filed: FiledRule) {
  const keys = splitOutside(selectorOf(filed.rule), (c) => c === ',').map(keyOf);
  if (keys.some((key) => key === null)) {
    index.anyElement.push(filed);
    return;
  }
  const seen = new Set<string>();
  for (const key of keys as NonNullable<Key>[]) {
    const id = `${key.kind}:${key.name}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const map = key.kind === 'class' ? index.byClass : key.kind === 'id' ? index.byId : index.byTag;
    const list = map.get(key.name);
    if (list) list.push(filed);
    else map.set(key.name, [filed]);
  }
}

/** the rules jsdom would visit, in its order: the default sheet, then each sheet, screen media and imports inline */
function buildIndex(sheets: Sheet[]): RuleIndex {
  const index: RuleIndex = { sheets, byClass: new Map(), byId: new Map(), byTag: new Map(), anyElement: [] };
  let order = 0;
  const visit = (rules: ArrayLike<CssRule>) => {
    for (const rule of Array.from(rules)) {
      if (rule.media) {
        if (rule.constructor.name === 'CSSImportRule') {
          const media = Array.from(rule.media);
          if (rule.styleSheet && (media.length === 0 || media.includes('screen'))) visit(rule.styleSheet.cssRules);
        } else if (Array.from(rule.media).includes('screen') && rule.cssRules) visit(rule.cssRules);
      } else if (rule.selectorText) file(index, { order: order++, rule });
    }
  };
  for (const sheet of sheets) visit(sheet.cssRules);
  return index;
}

export function cacheComputedStyles(): void {
  const require = createRequire(import.meta.url);
  const jsdomLib = path.join(path.dirname(require.resolve('jsdom')), 'jsdom');
  const jsdomRequire = createRequire(path.join(jsdomLib, 'living/helpers/style-rules.js'));
  const styleRules = jsdomRequire('./style-rules.js') as {
    getDeclarationForElement(element: ElementImpl): Declaration;
  };
  const { implForWrapper } = jsdomRequire('../generated/utils.js') as { implForWrapper(wrapper: Element): ElementImpl };
  const { CSSStyleDeclaration } = jsdomRequire('cssstyle') as { CSSStyleDeclaration: new () => Declaration };
  const cssom = jsdomRequire('@acemir/cssom') as { parse(css: string): Sheet };
  const fs = jsdomRequire('fs') as typeof nodeFs;
  const defaultSheet = cssom.parse(fs.readFileSync(path.join(jsdomLib, 'browser/default-stylesheet.css'), 'utf8'));

  let index: RuleIndex | null = null;
  const currentIndex = (element: ElementImpl): RuleIndex => {
    const sheets = [defaultSheet, ...element._ownerDocument.styleSheets._list];
    const same = index && index.sheets.length === sheets.length && index.sheets.every((s, i) => s === sheets[i]);
    if (!same) index = buildIndex(sheets);
    return index!;
  };

  const matches = (rule: CssRule, element: ElementImpl): boolean => {
    try {
      const { match, pseudoElement } = element._ownerDocument._domSelector.check(selectorOf(rule), element);
      return !pseudoElement && match;
    } catch {
      return false;
    }
  };

  const declarationFor = (element: ElementImpl): Declaration => {
    const document = element._ownerDocument;
    const cache = (document._styleCache ??= new WeakMap());
    const cached = cache.get(element);
    if (cached) return cached;
    const rules = currentIndex(element);
    const candidates: FiledRule[] = [...rules.anyElement, ...(rules.byTag.get(element._localName.toLowerCase()) ?? [])];
    const id = element.getAttributeNS(null, 'id');
    if (id) candidates.push(...(rules.byId.get(id) ?? []));
    for (let i = 0; i < element.classList.length; i += 1) {
      candidates.push(...(rules.byClass.get(element.classList.item(i)!) ?? []));
    }
    candidates.sort((a, b) => a.order - b.order);
    const declaration = new CSSStyleDeclaration();
    const apply = (style: Declaration) => {
      for (let i = 0; i < style.length; i += 1) {
        const property = style[i]!;
        const value = style.getPropertyValue(property);
        if (value === 'unset') declaration.removeProperty(property);
        else declaration.setProperty(property, value, style.getPropertyPriority(property));
      }
    };
    let last = -1;
    for (const { order, rule } of candidates) {
      if (order === last) continue; // filed under two of the element's classes
      last = order;
      if (matches(rule, element)) apply(rule.style!);
    }
    apply(element.style);
    cache.set(element, declaration);
    return declaration;
  };

  styleRules.getDeclarationForElement = declarationFor;
  // the window's getComputedStyle holds jsdom's own function; it finds the declaration already in the cache
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudoElement?: string | null): CSSStyleDeclaration => {
    if (element instanceof Element) declarationFor(implForWrapper(element));
    return original(element, pseudoElement);
  };
}
