// The calculate field: one evaluator for the form (recomputing as data changes) and the server (re-checking
// a stored result). The expression is the reference's: a list of tokens, each a piece of text (digits, ".",
// "+", "-", "×" or "*", "÷" or "/", "(", ")") or a field reference object whose __vModel__ names a main-form
// field ("amountField101") or a sub-table column ("tableField112.priceField113"). Consecutive text pieces
// are read together, so ["1", "2", ".", "5"] is the number 12.5. Parsed by hand: no eval, no Function.
import { roundTo, toNumeric, normalizePrecision, formatNumberText } from './numbers.js';
import { widgetFailure, type WidgetCheck, type WidgetError } from './messages.js';

export interface CalculateFieldRef {
  __vModel__: string;
  label?: string;
  [other: string]: unknown;
}
export type CalculateToken = string | number | CalculateFieldRef;
export type CalculateExpression = readonly CalculateToken[];

/** Designer default of the field's precision; the evaluator itself rounds to 0 places when none is given. */
export const CALCULATE_DEFAULT_PRECISION = 2;
export const CALCULATE_DEBOUNCE_MS = 100;
/** Bounds that keep a hostile expression from costing the server: tokens after merging, and nesting depth. */
export const CALCULATE_MAX_TOKENS = 2000;
export const CALCULATE_MAX_DEPTH = 64;

type Operator = '+' | '-' | '*' | '/';
type Lexeme =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'ref'; name: string; position: number }
  | { kind: 'op'; op: Operator; position: number }
  | { kind: 'open' | 'close'; position: number };

/** The parsed expression tree. */
export type CalculateNode =
  | { kind: 'number'; value: number }
  | { kind: 'ref'; name: string }
  | { kind: 'binary'; op: Operator; left: CalculateNode; right: CalculateNode };

/** A parsed expression, to evaluate many times without parsing again. */
export interface CalculateProgram {
  readonly root: CalculateNode;
  /** the field references, each once, in order of appearance */
  readonly references: readonly string[];
}

const parsedPrograms = /* @__PURE__ */ new WeakSet<object>();

export type CalculateParse = { ok: true; program: CalculateProgram } | { ok: false; error: WidgetError };

const OPERATORS: Record<string, Operator> = { '+': '+', '-': '-', '*': '*', '×': '*', '/': '/', '÷': '/' };

function isFieldRef(token: unknown): token is CalculateFieldRef {
  return (
    typeof token === 'object' && token !== null && typeof (token as { __vModel__?: unknown }).__vModel__ === 'string'
  );
}

/** Splits the tokens into numbers, references, operators and parentheses; positions are 1-based token indexes. */
function lex(expression: CalculateExpression): { ok: true; lexemes: Lexeme[] } | { ok: false; error: WidgetError } {
  const lexemes: Lexeme[] = [];
  let numberText = '';
  let numberAt = 0;
  const flushNumber = (): WidgetError | null => {
    if (!numberText) return null;
    const value = /^(?:\d+\.?\d*|\.\d+)$/.test(numberText) ? Number(numberText) : NaN;
    const text = numberText;
    numberText = '';
    if (!Number.isFinite(value)) return { key: 'calculateUnknown', params: { position: numberAt, text } };
    lexemes.push({ kind: 'number', value, position: numberAt });
    return null;
  };
  for (let i = 0; i < expression.length; i++) {
    const token = expression[i];
    const position = i + 1;
    if (isFieldRef(token)) {
      const error = flushNumber();
      if (error) return { ok: false, error };
      const name = token.__vModel__.trim();
      if (!name) return { ok: false, error: { key: 'calculateUnknown', params: { position, text: '' } } };
      lexemes.push({ kind: 'ref', name, position });
      continue;
    }
    if (typeof token === 'number') {
      const error = flushNumber();
      if (error) return { ok: false, error };
      if (!Number.isFinite(token) || token < 0)
        return { ok: false, error: { key: 'calculateUnknown', params: { position, text: String(token) } } };
      lexemes.push({ kind: 'number', value: token, position });
      continue;
    }
    if (typeof token !== 'string')
      return { ok: false, error: { key: 'calculateUnknown', params: { position, text: typeof token } } };
    for (const char of token) {
      if ((char >= '0' && char <= '9') || char === '.') {
        if (!numberText) numberAt = position;
        numberText += char;
        continue;
      }
      const error = flushNumber();
      if (error) return { ok: false, error };
      if (char.trim() === '') continue;
      const op = OPERATORS[char];
      if (op) lexemes.push({ kind: 'op', op, position });
      else if (char === '(' || char === '（') lexemes.push({ kind: 'open', position });
      else if (char === ')' || char === '）') lexemes.push({ kind: 'close', position });
      else return { ok: false, error: { key: 'calculateUnknown', params: { position, text: char } } };
    }
    if (lexemes.length > CALCULATE_MAX_TOKENS) return { ok: false, error: { key: 'calculateTooLong' } };
  }
  const error = flushNumber();
  if (error) return { ok: false, error };
  if (lexemes.length > CALCULATE_MAX_TOKENS) return { ok: false, error: { key: 'calculateTooLong' } };
  return { ok: true, lexemes };
}

class ParseFailure extends Error {
  constructor(readonly detail: WidgetError) {
    super(detail.key);
  }
}

/**
 * Recursive descent over expr := term (("+"|"-") term)*, term := operand (("*"|"/") operand)*,
 * operand := number | reference | "(" expr ")". No unary signs: the reference's validator wants operands
 * and operators to alternate, so "-3" or "2(3)" is refused rather than guessed at.
 */
function parseLexemes(lexemes: Lexeme[]): CalculateNode {
  let index = 0;
  let depth = 0;
  const unexpected = (at: Lexeme | undefined): ParseFailure =>
    new ParseFailure({
      key: 'calculateUnexpected',
      params: { position: at?.position ?? (lexemes[lexemes.length - 1]?.position ?? 0) + 1 },
    });
  const expression = (): CalculateNode => {
    let left = term();
    for (
      let next = lexemes[index];
      next?.kind === 'op' && (next.op === '+' || next.op === '-');
      next = lexemes[index]
    ) {
      index++;
      left = { kind: 'binary', op: next.op, left, right: term() };
    }
    return left;
  };
  const term = (): CalculateNode => {
    let left = operand();
    for (
      let next = lexemes[index];
      next?.kind === 'op' && (next.op === '*' || next.op === '/');
      next = lexemes[index]
    ) {
      index++;
      left = { kind: 'binary', op: next.op, left, right: operand() };
    }
    return left;
  };
  const operand = (): CalculateNode => {
    const at = lexemes[index];
    if (!at) throw unexpected(at);
    if (at.kind === 'number') {
      index++;
      return { kind: 'number', value: at.value };
    }
    if (at.kind === 'ref') {
      index++;
      return { kind: 'ref', name: at.name };
    }
    if (at.kind === 'open') {
      if (++depth > CALCULATE_MAX_DEPTH) throw new ParseFailure({ key: 'calculateTooLong' });
      index++;
      const inner = expression();
      const close = lexemes[index];
      if (close?.kind !== 'close') {
        if (!close) throw new ParseFailure({ key: 'calculateParentheses' });
        throw unexpected(close);
      }
      index++;
      depth--;
      return inner;
    }
    throw unexpected(at);
  };
  const root = expression();
  const rest = lexemes[index];
  if (rest) throw rest.kind === 'close' ? new ParseFailure({ key: 'calculateParentheses' }) : unexpected(rest);
  return root;
}

/** Text is either the token list as JSON (as a stored config may hold it) or a formula of numbers alone ("1+2×3"). */
function expressionFromText(text: string): unknown {
  if (text.trimStart().startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return [text];
    }
  }
  return [text];
}

/** Parses an expression once; a malformed one gives the reason and the 1-based token position. */
export function parseCalculate(expression: unknown): CalculateParse {
  if (typeof expression === 'string') expression = expressionFromText(expression);
  if (!Array.isArray(expression)) return { ok: false, error: { key: 'calculateEmpty' } };
  if (expression.length > CALCULATE_MAX_TOKENS) return { ok: false, error: { key: 'calculateTooLong' } };
  const lexed = lex(expression as CalculateExpression);
  if (!lexed.ok) return lexed;
  if (!lexed.lexemes.length) return { ok: false, error: { key: 'calculateEmpty' } };
  const opens = lexed.lexemes.filter((l) => l.kind === 'open').length;
  const closes = lexed.lexemes.filter((l) => l.kind === 'close').length;
  try {
    const root = parseLexemes(lexed.lexemes);
    const references = [...new Set(lexed.lexemes.flatMap((l) => (l.kind === 'ref' ? [l.name] : [])))];
    const program: CalculateProgram = Object.freeze({ root, references: Object.freeze(references) });
    parsedPrograms.add(program);
    return { ok: true, program };
  } catch (failure) {
    if (!(failure instanceof ParseFailure)) throw failure;
    // an unexpected item at the end of unbalanced parentheses is better told as the parentheses
    if (opens !== closes && failure.detail.key === 'calculateUnexpected')
      return { ok: false, error: { key: 'calculateParentheses' } };
    return { ok: false, error: failure.detail };
  }
}

/** The designer's check of an expression: fine, or why not. */
export function validateCalculateExpression(expression: unknown): WidgetCheck {
  const parsed = parseCalculate(expression);
  return parsed.ok ? { ok: true } : widgetFailure(parsed.error.key, parsed.error.params);
}

/** The field names an expression reads ("table.column" for sub-table columns); [] when it is malformed. */
export function calculateReferences(expression: unknown): string[] {
  const parsed = parseCalculate(expression);
  return parsed.ok ? [...parsed.program.references] : [];
}

export interface CalculateOptions {
  /** decimal places of the result; 0 when not given, as the reference's fallback */
  precision?: number;
  /** inside a sub-table row: "table.column" reads this row's cell instead of summing the column */
  rowIndex?: number;
}

/** A reference that did not hold a number and counted as 0 (the reference logs these as warnings). */
export interface CalculateWarning {
  reference: string;
  reason: 'missing' | 'notNumeric';
}

export type CalculateResult =
  { ok: true; value: number; warnings: CalculateWarning[] } | { ok: false; error: WidgetError };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const blank = (raw: unknown): boolean => raw === undefined || raw === null || raw === '';

/** A reference's number: a main field, a sub-table row's cell, or the sum of a sub-table column. */
function readReference(
  name: string,
  values: Record<string, unknown>,
  rowIndex: number | undefined,
  warnings: CalculateWarning[],
): number {
  const asNumber = (raw: unknown): number | null => {
    const n = toNumeric(raw);
    if (n === null) warnings.push({ reference: name, reason: blank(raw) ? 'missing' : 'notNumeric' });
    return n;
  };
  const own = (record: unknown, key: string): unknown =>
    isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;
  const dot = name.indexOf('.');
  if (dot < 0) return asNumber(own(values, name)) ?? 0;
  const column = name.slice(dot + 1);
  const rows = own(values, name.slice(0, dot));
  if (!Array.isArray(rows)) return asNumber(undefined) ?? 0;
  if (rowIndex !== undefined) return asNumber(own(rows[rowIndex], column)) ?? 0;
  return rows.reduce((sum: number, row: unknown) => sum + (asNumber(own(row, column)) ?? 0), 0);
}

function run(node: CalculateNode, read: (name: string) => number): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'ref':
      return read(node.name);
    case 'binary': {
      const left = run(node.left, read);
      const right = run(node.right, read);
      if (node.op === '+') return left + right;
      if (node.op === '-') return left - right;
      if (node.op === '*') return left * right;
      return left / right;
    }
  }
}

/**
 * Evaluates over the form's values (the whole form: main fields and sub-table arrays). A missing or
 * non-numeric operand counts as 0 with a warning; a result that is not a finite number (division by zero)
 * becomes 0; the result is rounded half away from zero to `precision` places.
 */
export function evaluateCalculate(
  expression: CalculateProgram | unknown,
  values: Record<string, unknown>,
  options: CalculateOptions = {},
): CalculateResult {
  let program: CalculateProgram;
  if (isProgram(expression)) program = expression;
  else {
    const parsed = parseCalculate(expression);
    if (!parsed.ok) return parsed;
    program = parsed.program;
  }
  const warnings: CalculateWarning[] = [];
  const rowIndex =
    options.rowIndex !== undefined && Number.isInteger(options.rowIndex) && options.rowIndex >= 0
      ? options.rowIndex
      : undefined;
  const raw = run(program.root, (name) => readReference(name, isRecord(values) ? values : {}, rowIndex, warnings));
  const value = Number.isFinite(raw) ? roundTo(raw, normalizePrecision(options.precision)) : 0;
  return { ok: true, value: Object.is(value, -0) ? 0 : value, warnings };
}

/** Only programs parseCalculate made are run as they are, so a stored object cannot pose as a parsed tree. */
function isProgram(value: unknown): value is CalculateProgram {
  return typeof value === 'object' && value !== null && parsedPrograms.has(value);
}

export type CalculatedCheck = { ok: true; expected: number } | { ok: false; expected?: number; error: WidgetError };

/**
 * The server's re-check of a stored calculate value: recomputes it from the submitted values and accepts the
 * stored one if it is within half a unit of the last decimal place (so a client rounding a hair differently
 * passes, a different number does not). A blank stored value passes: the caller stores `expected` instead.
 * The mismatch error carries the expected value; the caller adds the field's label.
 */
export function checkCalculated(
  expression: CalculateProgram | unknown,
  values: Record<string, unknown>,
  stored: unknown,
  options: CalculateOptions = {},
): CalculatedCheck {
  const result = evaluateCalculate(expression, values, options);
  if (!result.ok) return result;
  const expected = result.value;
  if (stored === undefined || stored === null || stored === '') return { ok: true, expected };
  const precision = normalizePrecision(options.precision);
  const actual = toNumeric(stored);
  const tolerance = 0.5 * 10 ** -precision + Math.abs(expected) * 1e-12;
  if (actual !== null && Math.abs(actual - expected) <= tolerance) return { ok: true, expected };
  return {
    ok: false,
    expected,
    error: { key: 'calculateMismatch', params: { expected: formatNumberText(expected, { precision }) } },
  };
}

/** The calculate field's display text: the number as rounded, with commas when thousands is on. */
export function formatCalculated(value: unknown, options: { thousands?: boolean } = {}): string {
  return formatNumberText(value, { thousands: options.thousands ?? false });
}
