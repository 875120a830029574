// antd injects its whole stylesheet (thousands of rules) through <style> elements. jsdom matches every rule on
// every getComputedStyle call, and Testing Library calls it for each element and ancestor of a role query, so
// that matching was most of the component tests' time. Tests only need the rules that hide an element (closed
// popups, inactive tab panes, masks) or stop pointer events, so only the declarations of display, visibility and
// pointer-events are kept, in their rules and order, which keeps their cascade exact.

const KEPT_PROPERTY = /^\s*(?:display|visibility|pointer-events)\s*:/i;
const GROUPING = /^@(?:media|supports|layer|container)\b/i;

/** the index of the first brace at or after `from` that closes depth 0 (`{` found at depth 0, or the `}` that
 * brings the depth back to 0), skipping quoted text; -1 when there is none */
function brace(css: string, from: number, closing: boolean): number {
  let depth = 0;
  for (let i = from; i < css.length; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end < 0 ? css.length : end;
    } else if (c === '{') {
      if (!closing) return i;
      depth += 1;
    } else if (c === '}' && closing && --depth === 0) return i;
  }
  return -1;
}

/** the declarations of display, visibility and pointer-events in a rule's body */
function keptDeclarations(body: string): string {
  return body
    .split(';')
    .filter((declaration) => KEPT_PROPERTY.test(declaration))
    .join(';');
}

/** a stylesheet reduced to its display, visibility and pointer-events declarations */
export function visibilityRulesOnly(css: string): string {
  let kept = '';
  let at = 0;
  while (at < css.length) {
    const open = brace(css, at, false);
    if (open < 0) break;
    const closeAt = brace(css, open, true);
    const close = closeAt < 0 ? css.length : closeAt;
    // statements such as "@layer a, b;" end before the prelude of the next rule
    const prelude = css.slice(at, open).split(';').at(-1)!.trim();
    const body = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      if (GROUPING.test(prelude)) {
        const inner = visibilityRulesOnly(body);
        if (inner) kept += `${prelude}{${inner}}`;
      }
    } else {
      const declarations = keptDeclarations(body);
      if (declarations) kept += `${prelude}{${declarations}}`;
    }
    at = close + 1;
  }
  return kept;
}

/** filters what is written into <style> elements; reading gives back what was written */
export function keepOnlyVisibilityStyles(): void {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!original?.get || !original.set) return;
  const written = new WeakMap<Element, string>();
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return written.get(this) ?? original.get!.call(this);
    },
    set(this: HTMLStyleElement, css: string) {
      written.set(this, String(css));
      original.set!.call(this, visibilityRulesOnly(String(css)));
    },
  });
}
