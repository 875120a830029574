// Reads the web app's source with the TypeScript compiler and lists every API call it makes: the method and
// path of each request that reaches the network. Requests start at `fetch` (and at <img src> for images);
// an address or method that arrives as a parameter is followed back to each caller, through the request
// layer, upload and download helpers and shared components (a `url` prop), so a call is found where its path
// is written. Constants, object members, template literals and small path-building functions are worked
// out; a non-constant `${…}` after the first path segment becomes a parameter. What cannot be worked out is
// reported with its place, and so is every '/api/…' text that reaches no request, so nothing slips past.
import path from 'node:path';
import ts from 'typescript';

export interface WebApiCall {
  method: string;
  /** the path without its query; each non-constant part is `{param}` */
  path: string;
  /** where the path is named: file:line relative to the web app */
  at: string;
}

export interface UnresolvedCall {
  at: string;
  reason: string;
}

export interface WebApiCalls {
  calls: WebApiCall[];
  unresolved: UnresolvedCall[];
}

export interface CollectOptions {
  /** the web app's folder (holding tsconfig.json and src/) */
  webRoot: string;
  /** fixture sources by path under webRoot, used instead of the files on disk */
  sources?: Record<string, string>;
  /**
   * functions (`src/file.ts#name`) whose address parameter may hold an address the server handed over (a
   * stored file's url): an address through them that cannot be worked out is not reported (one that can is
   * still listed)
   */
  serverGivenAddresses?: string[];
}

/** the text standing for a part of a path that is not constant */
export const PATH_PARAM = '{param}';

/** source files of the app itself: test files and test helpers are no part of what the app calls */
export function isAppSource(fileName: string): boolean {
  return (
    /\.(ts|tsx)$/.test(fileName) &&
    !/\.d\.ts$/.test(fileName) &&
    !/\.test\.tsx?$/.test(fileName) &&
    !/[\\/]src[\\/]test[\\/]/.test(fileName) &&
    !/[\\/](testing|testUtils|testKit|fixtures)\.tsx?$/.test(fileName)
  );
}

// ── values ────────────────────────────────────────────────────────────────────────────────────────────────

const PARAM = Symbol('param');
type Text = (string | typeof PARAM)[];
type Value =
  | { kind: 'text'; alternatives: Text[] }
  | { kind: 'object'; members: ts.ObjectLiteralExpression | ts.JsxAttributes; stack: Frame[] }
  | { kind: 'union'; of: Value[] }
  | { kind: 'undefined' }
  | { kind: 'unknown'; why: string };

type FunctionNode = ts.FunctionLikeDeclaration;
type CallSite = ts.CallExpression | ts.JsxOpeningLikeElement;
/** one call of a function whose parameters the evaluation needed: innermost first */
interface Frame {
  fn: FunctionNode;
  site: CallSite;
}

/** an evaluation reached a parameter of `fn` with no caller chosen yet */
class NeedsCaller {
  constructor(readonly fn: FunctionNode) {}
}

/** an evaluation reached a parameter that takes one of a few constants (its type says which): try each */
class NeedsChoice {
  constructor(
    readonly parameter: ts.ParameterDeclaration,
    readonly values: string[],
  ) {}
}

const text = (...alternatives: Text[]): Value => ({ kind: 'text', alternatives });
const unknown = (why: string): Value => ({ kind: 'unknown', why });
const UNDEFINED: Value = { kind: 'undefined' };
const MAX_FRAMES = 12;

function union(values: Value[]): Value {
  const flat = values.flatMap((v) => (v.kind === 'union' ? v.of : [v]));
  if (flat.length === 1) return flat[0]!;
  if (flat.every((v) => v.kind === 'text'))
    return text(...flat.flatMap((v) => (v as { alternatives: Text[] }).alternatives));
  return { kind: 'union', of: flat };
}

const isConstantText = (v: Value): v is { kind: 'text'; alternatives: Text[] } =>
  v.kind === 'text' && v.alternatives.every((alt) => alt.every((part) => part !== PARAM));

const render = (alt: Text) => alt.map((part) => (part === PARAM ? PATH_PARAM : part)).join('');

/** a request the browser makes: `fetch(url, init)`, or an image (optional: its source may be no API at all) */
interface Request {
  site: ts.Node;
  url: ts.Expression;
  init?: ts.Expression;
  optional: boolean;
}

/** the constants a type allows when it is a small union of string literals */
function literalValues(type: ts.Type): string[] | undefined {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & ts.TypeFlags.Undefined));
  if (!members.length || members.length > 12 || !members.every((t) => t.isStringLiteral())) return undefined;
  return members.map((t) => (t as ts.StringLiteralType).value);
}

// ── the collector ─────────────────────────────────────────────────────────────────────────────────────────

export function collectWebApiCalls(options: CollectOptions): WebApiCalls {
  const program = createProgram(options);
  const checker = program.getTypeChecker();
  const webRoot = path.resolve(options.webRoot);
  const appFiles = program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(path.join(webRoot, 'src')) && isAppSource(file.fileName));
  const appFileSet = new Set(appFiles);
  const serverGiven = new Set(options.serverGivenAddresses ?? []);

  const at = (node: ts.Node) => {
    const file = node.getSourceFile();
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    return `${path.relative(webRoot, file.fileName)}:${line}`;
  };
  const inApp = (node: ts.Node) => appFileSet.has(node.getSourceFile());

  const isGlobal = (callee: ts.Expression) => {
    const symbol = checker.getSymbolAtLocation(callee);
    return !!symbol?.declarations?.every((d) => d.getSourceFile().isDeclarationFile);
  };

  // calls and JSX elements by the name they call, to find the callers of a function
  const sitesByName = new Map<string, CallSite[]>();
  const requests: Request[] = [];
  const apiTexts: (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateLiteralToken)[] = [];
  for (const file of appFiles) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node.expression);
        if (name) pushTo(sitesByName, name, node);
        if (name === 'fetch' && isGlobal(node.expression) && node.arguments[0])
          requests.push({ site: node, url: node.arguments[0], init: node.arguments[1], optional: false });
      } else if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const name = calleeName(node.tagName);
        if (name) pushTo(sitesByName, name, node);
        // an image the browser loads itself; other sources (server-given, data: urls) are not calls
        if (ts.isIdentifier(node.tagName) && node.tagName.text === 'img')
          for (const attribute of node.attributes.properties)
            if (ts.isJsxAttribute(attribute) && attribute.name.getText() === 'src') {
              const value = attribute.initializer;
              const expression = value && ts.isJsxExpression(value) ? value.expression : value;
              if (expression) requests.push({ site: attribute, url: expression, optional: true });
            }
      } else if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) &&
        /(^|[^\w])\/api\//.test(node.text)
      ) {
        apiTexts.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const callersCache = new Map<FunctionNode, CallSite[]>();
  function callersOf(fn: FunctionNode): CallSite[] {
    let sites = callersCache.get(fn);
    if (!sites) {
      const name = functionName(fn);
      sites = (name ? (sitesByName.get(name) ?? []) : []).filter(
        (site) => checker.getResolvedSignature(site)?.declaration === fn,
      );
      callersCache.set(fn, sites);
    }
    return sites;
  }

  // ── evaluation: what text an expression holds, given the calls on the stack ──

  let touched = new Set<ts.Node>();
  let assumed = new Map<ts.ParameterDeclaration, string>();

  function evaluate(node: ts.Expression, stack: Frame[], lift: boolean): Value {
    if (stack.length > MAX_FRAMES) return unknown('too deep');
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isTypeAssertionExpression(node)
    )
      return evaluate(node.expression, stack, lift);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      touched.add(node);
      return text([node.text]);
    }
    if (ts.isTemplateExpression(node)) return evaluateTemplate(node, stack, lift);
    if (ts.isIdentifier(node)) return evaluateIdentifier(node, stack, lift);
    if (ts.isPropertyAccessExpression(node)) return member(evaluate(node.expression, stack, lift), node.name.text);
    if (ts.isElementAccessExpression(node)) {
      const key = evaluate(node.argumentExpression, stack, false);
      const base = evaluate(node.expression, stack, lift);
      if (isConstantText(key) && key.alternatives.length === 1) return member(base, render(key.alternatives[0]!));
      // a key that varies picks any of the object's members: each is a call the code can make
      return base.kind === 'object' ? union(memberNames(base).map((name) => member(base, name))) : unknown('an index');
    }
    if (ts.isObjectLiteralExpression(node)) return { kind: 'object', members: node, stack };
    if (ts.isCallExpression(node)) return evaluateCall(node, stack, lift);
    if (ts.isConditionalExpression(node)) {
      const condition = decide(node.condition, stack);
      if (condition === true) return evaluate(node.whenTrue, stack, lift);
      if (condition === false) return evaluate(node.whenFalse, stack, lift);
      return union([evaluate(node.whenTrue, stack, lift), evaluate(node.whenFalse, stack, lift)]);
    }
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.PlusToken) {
        const left = evaluate(node.left, stack, lift);
        const right = evaluate(node.right, stack, lift);
        if (left.kind !== 'text' || right.kind !== 'text') return unknown('a sum that is not text');
        return text(...left.alternatives.flatMap((l) => right.alternatives.map((r) => [...l, ...r])));
      }
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
        const left = evaluate(node.left, stack, lift);
        const empty =
          left.kind === 'undefined' ||
          (operator === ts.SyntaxKind.BarBarToken &&
            left.kind === 'text' &&
            left.alternatives.every((a) => !render(a)));
        if (empty) return evaluate(node.right, stack, lift);
        if (left.kind === 'text' || left.kind === 'object') return left;
        return union([left, evaluate(node.right, stack, lift)]);
      }
    }
    return unknown(ts.SyntaxKind[node.kind]);
  }

  function evaluateTemplate(node: ts.TemplateExpression, stack: Frame[], lift: boolean): Value {
    touched.add(node.head);
    let alternatives: Text[] = [[node.head.text]];
    for (const span of node.templateSpans) {
      // after some text a part that is not constant is a parameter; at the start it must be worked out
      const inPath = alternatives.every((alt) => render(alt) !== '');
      const value = evaluate(span.expression, stack, lift && !inPath);
      let parts: Text[];
      if (value.kind === 'text') parts = value.alternatives;
      else if (inPath) parts = [[PARAM]];
      else return value.kind === 'unknown' ? value : unknown('a template part that is not text');
      touched.add(span.literal);
      alternatives = alternatives.flatMap((alt) => parts.map((part) => [...alt, ...part, span.literal.text]));
    }
    return text(...alternatives);
  }

  function evaluateIdentifier(node: ts.Identifier, stack: Frame[], lift: boolean): Value {
    if (node.text === 'undefined') return UNDEFINED;
    let symbol = ts.isShorthandPropertyAssignment(node.parent)
      ? checker.getShorthandAssignmentValueSymbol(node.parent)
      : checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    if (!declaration || !inApp(declaration)) return unknown(`${node.text} is not the app's own`);
    return evaluateDeclaration(declaration, stack, lift);
  }

  function evaluateDeclaration(declaration: ts.Declaration, stack: Frame[], lift: boolean): Value {
    if (ts.isVariableDeclaration(declaration)) {
      if (!(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) || !declaration.initializer)
        return unknown(`${declaration.name.getText()} is not a constant`);
      return evaluate(declaration.initializer, stack, lift);
    }
    if (ts.isParameter(declaration)) return parameterValue(declaration, stack, lift);
    if (ts.isBindingElement(declaration)) {
      if (declaration.dotDotDotToken || !ts.isObjectBindingPattern(declaration.parent))
        return unknown('a rest or array binding');
      const key = declaration.propertyName ?? declaration.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return unknown('a computed binding');
      const source = evaluateDeclaration(declaration.parent.parent, stack, lift);
      const value = member(source, key.text);
      if (value.kind === 'undefined' && declaration.initializer) return evaluate(declaration.initializer, stack, lift);
      return value;
    }
    return unknown(ts.SyntaxKind[declaration.kind]);
  }

  function parameterValue(parameter: ts.ParameterDeclaration, stack: Frame[], lift: boolean): Value {
    const fn = parameter.parent as FunctionNode;
    const index = stack.findIndex((frame) => frame.fn === fn);
    if (index < 0) {
      const value = assumed.get(parameter);
      if (value !== undefined) return text([value]);
      if (lift) throw new NeedsCaller(fn);
      const values = literalValues(checker.getTypeAtLocation(parameter));
      if (values) throw new NeedsChoice(parameter, values);
      return unknown('a parameter');
    }
    if (parameter.dotDotDotToken) return unknown('a rest parameter');
    const { site } = stack[index]!;
    const callerStack = stack.slice(index + 1);
    const position = fn.parameters.indexOf(parameter);
    let value: Value = UNDEFINED;
    if (ts.isCallExpression(site)) {
      const argument = site.arguments[position];
      if (argument && ts.isSpreadElement(argument)) return unknown('a spread argument');
      if (argument) value = evaluate(argument, callerStack, lift);
    } else if (position === 0) {
      value = { kind: 'object', members: site.attributes, stack: callerStack };
    }
    if (value.kind === 'undefined' && parameter.initializer) return evaluate(parameter.initializer, stack, lift);
    return value;
  }

  function member(base: Value, name: string): Value {
    if (base.kind === 'union') return union(base.of.map((value) => member(value, name)));
    if (base.kind === 'unknown') return base;
    if (base.kind !== 'object') return unknown(`.${name} of ${base.kind}`);
    const { members, stack } = base;
    const properties = [...members.properties].reverse();
    for (const property of properties) {
      if (ts.isSpreadAssignment(property) || ts.isJsxSpreadAttribute(property)) {
        const spread = evaluate(property.expression, stack, true);
        const value = member(spread, name);
        if (value.kind !== 'undefined') return value;
        continue;
      }
      if (!property.name || propertyName(property.name) !== name) continue;
      if (ts.isPropertyAssignment(property)) return evaluate(property.initializer, stack, true);
      if (ts.isShorthandPropertyAssignment(property)) return evaluate(property.name, stack, true);
      if (ts.isJsxAttribute(property)) {
        const initializer = property.initializer;
        if (!initializer) return unknown('a flag attribute');
        if (ts.isStringLiteral(initializer)) return evaluate(initializer, stack, true);
        if (ts.isJsxExpression(initializer) && initializer.expression)
          return evaluate(initializer.expression, stack, true);
        return unknown('an element attribute');
      }
      return unknown(`${name} is a method`);
    }
    return UNDEFINED;
  }

  function memberNames(base: Extract<Value, { kind: 'object' }>): string[] {
    return base.members.properties.flatMap((property) => {
      const name = property.name && propertyName(property.name);
      return name && !ts.isSpreadAssignment(property) ? [name] : [];
    });
  }

  function evaluateCall(node: ts.CallExpression, stack: Frame[], lift: boolean): Value {
    const name = calleeName(node.expression);
    if (name && PATH_KEEPING_FUNCTIONS.has(name) && node.arguments[0]) return evaluate(node.arguments[0], stack, lift);
    const declaration = checker.getResolvedSignature(node)?.declaration;
    if (!declaration || !ts.isFunctionLike(declaration) || !inApp(declaration)) return unknown(`a call of ${name}`);
    const fn = declaration as FunctionNode;
    if (!fn.body || stack.some((frame) => frame.fn === fn)) return unknown(`a call of ${name}`);
    const inner: Frame[] = [{ fn, site: node }, ...stack];
    const results = returnedExpressions(fn).map((expression) => evaluate(expression, inner, lift));
    return results.length ? union(results) : unknown(`${name} returns nothing`);
  }

  /** true/false when a condition is decided by constants, else undefined */
  function decide(node: ts.Expression, stack: Frame[]): boolean | undefined {
    if (ts.isParenthesizedExpression(node)) return decide(node.expression, stack);
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      const inner = decide(node.operand, stack);
      return inner === undefined ? undefined : !inner;
    }
    if (!ts.isBinaryExpression(node)) return undefined;
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.AmpersandAmpersandToken) {
      const left = decide(node.left, stack);
      const right = decide(node.right, stack);
      const or = operator === ts.SyntaxKind.BarBarToken;
      if (left === or || right === or) return or;
      return left === undefined || right === undefined ? undefined : !or;
    }
    const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken;
    const different =
      operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.ExclamationEqualsToken;
    if (!equal && !different) return undefined;
    const single = (value: Value) =>
      value.kind === 'undefined'
        ? undefined
        : isConstantText(value) && value.alternatives.length === 1
          ? render(value.alternatives[0]!)
          : null;
    const left = single(evaluate(node.left, stack, false));
    const right = single(evaluate(node.right, stack, false));
    if (left === null || right === null) return undefined;
    return (left === right) === equal;
  }

  // ── the requests: each `fetch` (or image), followed out to the callers that give its address ──

  const calls: WebApiCall[] = [];
  const unresolved: UnresolvedCall[] = [];
  const used = new Set<ts.Node>();

  function follow(request: Request, stack: Frame[], assumptions = new Map<ts.ParameterDeclaration, string>()): void {
    const where = at(stack.length ? stack[stack.length - 1]!.site : request.site);
    const report = (reason: string, place = where) => {
      // an image's source or a file address the server handed over may well be no API path of the web's own
      const lenient =
        request.optional ||
        [enclosingFunction(request.site), ...stack.map((frame) => frame.fn)].some(
          (fn) => !!fn && serverGiven.has(`${path.relative(webRoot, fn.getSourceFile().fileName)}#${functionName(fn)}`),
        );
      const through = stack.map((frame) => functionName(frame.fn) ?? 'a callback');
      if (!lenient)
        unresolved.push({ at: place, reason: through.length ? `${reason}, through ${through.join(' ← ')}` : reason });
    };
    touched = new Set();
    assumed = assumptions;
    let url: Value;
    let method: Value;
    try {
      url = evaluate(request.url, stack, true);
      method = request.init ? member(evaluate(request.init, stack, true), 'method') : UNDEFINED;
      if (!guardsHold(request.site, stack)) return;
    } catch (needed) {
      if (needed instanceof NeedsChoice) {
        for (const value of needed.values) follow(request, stack, new Map([...assumptions, [needed.parameter, value]]));
        return;
      }
      if (!(needed instanceof NeedsCaller)) throw needed;
      const name = functionName(needed.fn) ?? 'an anonymous function';
      if (stack.some((frame) => frame.fn === needed.fn) || stack.length >= MAX_FRAMES)
        return report(`${name} calls itself: its address cannot be followed`);
      const sites = callersOf(needed.fn);
      if (!sites.length && functionName(needed.fn) && !isReferenced(needed.fn)) return; // a helper the app never uses
      if (!sites.length)
        return report(`${name} is passed as a value, not called: its address cannot be followed`, at(needed.fn));
      for (const site of sites) follow(request, [...stack, { fn: needed.fn, site }], assumptions);
      return;
    }
    const what = request.url.getText();
    if (url.kind !== 'text') return report(`the address ${what} is not worked out (${describe(url)})`);
    const methodText =
      method.kind === 'undefined'
        ? 'GET'
        : isConstantText(method) && method.alternatives.length === 1
          ? render(method.alternatives[0]!).toUpperCase()
          : null;
    for (const alt of url.alternatives) {
      if (alt[0] === PARAM) {
        report(`the address ${what} starts with a value that is not constant`);
        continue;
      }
      const full = render(alt);
      if (!full.startsWith('/api/')) continue; // no call of the API (an asset, a data: url)
      if (methodText === null) report(`the method of ${full} is not worked out`);
      else calls.push({ method: methodText, path: full.replace(/[?#].*$/, ''), at: where });
    }
    for (const node of touched) used.add(node);
  }

  /** false when the request (or a call on its way) sits in a branch that constants rule out */
  function guardsHold(node: ts.Node, stack: Frame[]): boolean {
    const places: [ts.Node, Frame[]][] = [
      [node, stack],
      ...stack.map((frame, i): [ts.Node, Frame[]] => [frame.site, stack.slice(i + 1)]),
    ];
    for (const [place, context] of places) {
      for (let child = place, parent = place.parent; parent; child = parent, parent = parent.parent) {
        let needed: boolean | undefined;
        let condition: ts.Expression | undefined;
        if (ts.isConditionalExpression(parent) && child !== parent.condition) {
          condition = parent.condition;
          needed = child === parent.whenTrue;
        } else if (ts.isIfStatement(parent) && child !== parent.expression) {
          condition = parent.expression;
          needed = child === parent.thenStatement;
        } else if (
          ts.isBinaryExpression(parent) &&
          parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
          child === parent.right
        ) {
          condition = parent.left;
          needed = true;
        }
        if (condition && decide(condition, context) === !needed) return false;
      }
    }
    return true;
  }

  const referenced = new Map<FunctionNode, boolean>();
  function isReferenced(fn: FunctionNode): boolean {
    if (!referenced.has(fn)) {
      const name = functionName(fn);
      let found = false;
      for (const file of appFiles) {
        if (found || !name || !file.text.includes(name)) continue;
        const visit = (node: ts.Node): void => {
          if (found) return;
          if (ts.isIdentifier(node) && node.text === name && node !== nameNodeOf(fn)) {
            let symbol = checker.getSymbolAtLocation(node);
            if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
            const declaration = symbol?.valueDeclaration;
            if (declaration && (declaration === fn || functionOf(declaration) === fn)) found = true;
          }
          ts.forEachChild(node, visit);
        };
        visit(file);
      }
      referenced.set(fn, found);
    }
    return referenced.get(fn)!;
  }

  for (const request of requests) follow(request, []);

  for (const node of apiTexts)
    if (!used.has(node))
      unresolved.push({
        at: at(node),
        reason: `'${node.text}' names an API path that reaches no request the collector follows`,
      });

  return { calls: uniqueCalls(calls), unresolved: uniqueBy(unresolved, (u) => `${u.at} ${u.reason}`) };
}

/** functions that return their first argument's path with something added that is no part of it (query, base) */
const PATH_KEEPING_FUNCTIONS = new Set(['buildUrl', 'downloadHref']);

function describe(value: Value): string {
  if (value.kind === 'unknown') return value.why;
  if (value.kind === 'union') return value.of.map(describe).join(' | ');
  return value.kind;
}

function returnedExpressions(fn: FunctionNode): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

function enclosingFunction(node: ts.Node): FunctionNode | undefined {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (ts.isFunctionLike(parent)) return parent as FunctionNode;
  return undefined;
}

function calleeName(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** the function a declaration holds (`const f = () => …`, `f: () => …`, `memo(function F…)`) */
function functionOf(declaration: ts.Node): FunctionNode | undefined {
  if (ts.isFunctionLike(declaration)) return declaration as FunctionNode;
  const initializer =
    ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) ? declaration.initializer : undefined;
  return initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
    ? initializer
    : undefined;
}

function nameNodeOf(fn: FunctionNode): ts.Node | undefined {
  if (fn.name) return fn.name;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name;
  return undefined;
}

function functionName(fn: FunctionNode): string | undefined {
  const name = nameNodeOf(fn);
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

function uniqueCalls(calls: WebApiCall[]): WebApiCall[] {
  return uniqueBy(calls, (c) => `${c.method} ${c.path} ${c.at}`).sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.at.localeCompare(b.at),
  );
}

function createProgram({ webRoot, sources }: CollectOptions): ts.Program {
  const configFile = path.join(webRoot, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  const options = { ...parsed.options, noEmit: true };
  if (!sources) {
    const rootNames = parsed.fileNames.filter(
      (name) => name.includes(`${path.sep}src${path.sep}`) && isAppSource(name),
    );
    return ts.createProgram({ rootNames, options });
  }
  const virtual = new Map(Object.entries(sources).map(([name, content]) => [path.resolve(webRoot, name), content]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => virtual.get(path.resolve(name)) ?? readFile(name);
  host.fileExists = (name) =>
    virtual.has(path.resolve(name)) || (!name.startsWith(path.resolve(webRoot, 'src')) && fileExists(name));
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) =>
    [...virtual.keys()].some((file) => file.startsWith(path.resolve(name) + path.sep)) ||
    (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, language) => {
    const content = host.readFile(name);
    return content === undefined ? undefined : ts.createSourceFile(name, content, language, true);
  };
  return ts.createProgram({ rootNames: [...virtual.keys()], options, host });
}

// ── the server's side ─────────────────────────────────────────────────────────────────────────────────────

export interface RouteLike {
  method: string;
  url: string;
}

/**
 * The route of `routes` (Fastify patterns: `:param`, `*`) that serves `method path`, if any, chosen as Fastify
 * does: a fixed segment before a parameter. `{param}` in the path (a value the web does not fix) matches only a
 * route parameter; a fixed segment matches either.
 */
export function routeServing<R extends RouteLike>(
  routes: readonly R[],
  method: string,
  requestPath: string,
): R | undefined {
  const wanted = requestPath.replace(/[?#].*$/, '').split('/');
  let best: { route: R; rank: number[] } | undefined;
  for (const route of routes) {
    if (!route.method.split(',').some((m) => m.trim().toUpperCase() === method.toUpperCase())) continue;
    const rank = matchRank(route.url.split('/'), wanted);
    if (rank && (!best || compareRanks(rank, best.rank) < 0)) best = { route, rank };
  }
  return best?.route;
}

/** per segment 0 fixed, 1 parameter, 2 wildcard; undefined when the pattern does not match */
function matchRank(pattern: string[], wanted: string[]): number[] | undefined {
  const rank: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    if (expected === '*') return [...rank, 2];
    const actual = wanted[i];
    if (actual === undefined) return undefined;
    if (expected.startsWith(':')) {
      if (!actual) return undefined;
      rank.push(1);
    } else if (actual === expected) rank.push(0);
    else return undefined;
  }
  return pattern.length === wanted.length ? rank : undefined;
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
