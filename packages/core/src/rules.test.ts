import { describe, expect, it } from 'vitest';
import { checkRule } from './fieldRules.js';
import { parseAcceptLanguage, pickLanguage } from './lang.js';
import { checkPasswordPolicy } from './passwordPolicy.js';
import { buildTree } from './tree.js';

describe('field rules', () => {
  it.each([
    ['mobile', '13812345678', true],
    ['mobile', '12812345678', false],
    ['password', 'abc123', true],
    ['password', 'abcdef', false],
    ['code', 'systemData.dictionary', true],
    ['code', '.abc', false],
    ['code', 'abc.', false],
    ['account', 'admin01', true],
    ['account', 'ad min', false],
    ['email', 'a.b@c.io', true],
    ['email', 'a@b', false],
    ['idCard', '11010519491231002X', true],
    ['idCard', '110105194912310021x1', false],
    ['fieldName', 'f_name1', true],
    ['fieldName', '_f', false],
    ['time', '1.5', true],
    ['time', '1.25', false],
    ['positiveInteger', '0', false],
    ['name', '研发部', true],
    ['name', 'a<b>', false],
  ] as const)('%s %s → %s', (rule, value, expected) => {
    expect(checkRule(rule, value)).toBe(expected);
  });
});

describe('language', () => {
  it('picks tw → zhtw, then zh, then en, else zh', () => {
    expect(pickLanguage(['zh-TW'])).toBe('zhtw');
    expect(pickLanguage(['zh-CN'])).toBe('zh');
    expect(pickLanguage(['en-US'])).toBe('en');
    expect(pickLanguage(['fr-FR'])).toBe('zh');
    expect(pickLanguage(parseAcceptLanguage('fr;q=0.9, en;q=0.8, zh-TW;q=0.95'))).toBe('zhtw');
  });
});

describe('password policy', () => {
  const policy = {
    passwordStrengthLimit: 1,
    passwordLengthMin: 1,
    passwordLengthMinNumber: 8,
    containsNumbers: 1,
    includeLowercaseLetters: 1,
    includeUppercaseLetters: 1,
    containsCharacters: 1,
  };
  it('lists each broken rule, and nothing when off', () => {
    expect(checkPasswordPolicy('abc', policy).map((v) => v.key)).toEqual([
      'minLength',
      'needDigit',
      'needUpper',
      'needSymbol',
    ]);
    expect(checkPasswordPolicy('Abcdef1!', policy)).toEqual([]);
    expect(checkPasswordPolicy('abc', { ...policy, passwordStrengthLimit: 0 })).toEqual([]);
  });
});

describe('buildTree', () => {
  it('nests children and treats orphans as roots', () => {
    const tree = buildTree([
      { id: '1', parentId: '-1' },
      { id: '2', parentId: '1' },
      { id: '3', parentId: 'missing' },
    ]);
    expect(tree.map((n) => n.id)).toEqual(['1', '3']);
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['2']);
    expect(tree[0]?.hasChildren).toBe(true);
  });
});
