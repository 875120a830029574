import { describe, expect, it } from 'vitest';
import { findUnstorable, isStorableText, jsonNestingExceeds, parseJsonText } from './jsonText.js';

describe('storable text', () => {
  it('refuses NUL and either half of a surrogate pair alone, keeps whole pairs', () => {
    expect(isStorableText('普通文字 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('\udc00')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
  });

  it('names the first bad string or key by its path, at any depth', () => {
    expect(findUnstorable({ a: 'ok', b: ['x', { c: 'a\ud800' }] }, 'body')).toBe('b.1.c');
    expect(findUnstorable({ a: { ['k\udc00']: 1 } }, 'body')).toBe('a.k\udc00');
    expect(findUnstorable({ first: '\u0000', second: '\u0000' }, 'body')).toBe('first');
    let deep: unknown = 'a\ud800';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findUnstorable(deep, 'value')).toMatch(/^value(\.0)+$/);
    expect(findUnstorable({ a: [1, null, true] }, 'query')).toBeNull();
  });
});

describe('JSON text with a nesting limit', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonNestingExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonNestingExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonNestingExceeds('{"a":"[[[[[[","b":"\\"[[[["}', 2)).toBe(false);
    expect(jsonNestingExceeds('['.repeat(10_000) + ']'.repeat(10_000))).toBe(true);
  });

  it('parses like JSON.parse, and throws SyntaxError when too deep or holding unstorable escapes', () => {
    expect(parseJsonText('{"a":[1,{"b":"c"}]}')).toEqual({ a: [1, { b: 'c' }] });
    expect(() => parseJsonText('['.repeat(200) + ']'.repeat(200))).toThrow(SyntaxError);
    expect(() => parseJsonText('{"a":"\\ud800"}')).toThrow(SyntaxError);
    expect(() => parseJsonText('"\\u0000"')).toThrow(SyntaxError);
    expect(() => parseJsonText('{')).toThrow(SyntaxError);
  });
});
