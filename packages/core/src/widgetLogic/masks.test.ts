import { describe, expect, it } from 'vitest';
import {
  applyMask,
  maskConfigProblems,
  maskIfAsked,
  maskValue,
  normalizeMaskConfig,
  MASK_EDGE_TYPES,
  MASK_TYPES,
  DEFAULT_MASK_CONFIG,
} from './masks.js';

const mask = (value: string, maskType: number, more: Record<string, unknown> = {}) =>
  applyMask(value, { maskType, ...more });
const custom = (value: string, more: Record<string, unknown>) => mask(value, MASK_TYPES.custom, more);

describe('the eight fixed mask types', () => {
  it('1 masks everything, one filler a character', () => {
    expect(mask('secret', MASK_TYPES.all)).toBe('******');
    expect(mask('张三丰', MASK_TYPES.all)).toBe('***');
    expect(mask('ab', MASK_TYPES.all, { filler: '#' })).toBe('##');
  });
  it('2 shows a name’s first and last character', () => {
    expect(mask('张', MASK_TYPES.name)).toBe('*');
    expect(mask('张三', MASK_TYPES.name)).toBe('张*');
    expect(mask('张三丰', MASK_TYPES.name)).toBe('张*丰');
    expect(mask('欧阳娜娜', MASK_TYPES.name)).toBe('欧**娜');
  });
  it('3 shows a phone number’s first 3 and last 4', () => {
    expect(mask('13812345678', MASK_TYPES.phone)).toBe('138****5678');
    expect(mask('1234567', MASK_TYPES.phone)).toBe('*******');
    expect(mask('12345678', MASK_TYPES.phone)).toBe('123*5678');
  });
  it('4 shows an email’s first 3 characters and from the @ on', () => {
    expect(mask('zhangsan@example.com', MASK_TYPES.email)).toBe('zha*****@example.com');
    expect(mask('abc@x.cn', MASK_TYPES.email)).toBe('***@x.cn');
    expect(mask('ab@x.cn', MASK_TYPES.email)).toBe('**@x.cn');
    expect(mask('abcd@x.cn', MASK_TYPES.email)).toBe('abc*@x.cn');
    expect(mask('abcdef', MASK_TYPES.email)).toBe('abc***');
    expect(mask('abc', MASK_TYPES.email)).toBe('***');
  });
  it('5 shows an ID number’s first 6 and last 3 around four fillers', () => {
    expect(mask('110101199003071234', MASK_TYPES.idNumber)).toBe('110101****234');
    expect(mask('123456789', MASK_TYPES.idNumber)).toBe('*********');
    expect(mask('1234567890', MASK_TYPES.idNumber)).toBe('123456****890');
  });
  it('6 shows an IP address’s first segment', () => {
    expect(mask('192.168.1.20', MASK_TYPES.ip)).toBe('192.***.***.***');
    expect(mask('10.0.0.1', MASK_TYPES.ip, { filler: 'x' })).toBe('10.xxx.xxx.xxx');
    // not a dotted address: nothing of it shows
    expect(mask('2001:db8::1', MASK_TYPES.ip)).toBe('***********');
    expect(mask('localhost', MASK_TYPES.ip)).toBe('*********');
  });
  it('7 shows a licence plate’s first character and last 2', () => {
    expect(mask('京A12345', MASK_TYPES.licencePlate)).toBe('京****45');
    expect(mask('京A1', MASK_TYPES.licencePlate)).toBe('***');
  });
  it('8 shows a bank card’s first 6 and last 4', () => {
    expect(mask('6222021234567890123', MASK_TYPES.bankCard)).toBe('622202*********0123');
    expect(mask('1234567890', MASK_TYPES.bankCard)).toBe('**********');
  });
});

describe('the custom mask (type 0)', () => {
  it('masks everything when it keeps nothing', () => {
    expect(custom('abcdef', {})).toBe('******');
  });
  it('keeps a count of characters at either end', () => {
    expect(custom('abcdefgh', { prefixType: MASK_EDGE_TYPES.count, prefixLimit: 2 })).toBe('ab******');
    expect(custom('abcdefgh', { suffixType: MASK_EDGE_TYPES.count, suffixLimit: 3 })).toBe('*****fgh');
    expect(custom('abcdefgh', { prefixType: 2, prefixLimit: 2, suffixType: 2, suffixLimit: 2 })).toBe('ab****gh');
  });
  it('keeps the start up to, or through, a specified text', () => {
    expect(custom('user-12345', { prefixType: MASK_EDGE_TYPES.beforeChar, prefixSpecifyChar: '-' })).toBe('user******');
    expect(custom('user-12345', { prefixType: MASK_EDGE_TYPES.throughChar, prefixSpecifyChar: '-' })).toBe(
      'user-*****',
    );
    expect(custom('user-12345', { prefixType: MASK_EDGE_TYPES.throughChar, prefixSpecifyChar: '#' })).toBe(
      '**********',
    );
  });
  it('keeps the end after, or from, a specified text', () => {
    expect(custom('abc@mail.com', { suffixType: MASK_EDGE_TYPES.beforeChar, suffixSpecifyChar: '@' })).toBe(
      '****mail.com',
    );
    expect(custom('abc@mail.com', { suffixType: MASK_EDGE_TYPES.throughChar, suffixSpecifyChar: '@' })).toBe(
      '***@mail.com',
    );
  });
  it('fills the whole text when the kept ends cover it (the reference shows it whole)', () => {
    expect(custom('abcd', { prefixType: 2, prefixLimit: 2, suffixType: 2, suffixLimit: 2 })).toBe('****');
    expect(custom('abc', { prefixType: 2, prefixLimit: 5 })).toBe('***');
  });
  it('leaves the ignored texts in clear inside the masked middle', () => {
    expect(custom('2024-01-15', { ignoreChar: '-' })).toBe('****-**-**');
    expect(custom('a.b-c', { ignoreChar: '.,-' })).toBe('*.*-*');
    expect(custom('x**y', { ignoreChar: '**' })).toBe('****');
    expect(custom('ab--cd', { ignoreChar: '--' })).toBe('**--**');
  });
  it('fills each masked run with a fixed length when the unreal mask is on', () => {
    expect(custom('abcdefgh', { prefixType: 2, prefixLimit: 1, useUnrealMask: true, unrealMaskLength: 3 })).toBe(
      'a***',
    );
    expect(custom('2024-01-15', { ignoreChar: '-', useUnrealMask: true, unrealMaskLength: 2 })).toBe('**-**-**');
    expect(custom('abc', { useUnrealMask: true, unrealMaskLength: 10_000 })).toBe('*'.repeat(100));
  });
});

describe('configs and values', () => {
  it('fills a stored config’s gaps and bad settings with defaults', () => {
    expect(normalizeMaskConfig(null)).toEqual(DEFAULT_MASK_CONFIG);
    expect(normalizeMaskConfig({ filler: '', maskType: '3', prefixLimit: -4, unrealMaskLength: 0 })).toMatchObject({
      filler: '*',
      maskType: 3,
      prefixLimit: 0,
      unrealMaskLength: 1,
    });
    expect(normalizeMaskConfig({ useUnrealMask: 'yes' }).useUnrealMask).toBe(false);
  });
  it('masks with type 1 by default and fills all of the text for an unknown type', () => {
    expect(applyMask('abc')).toBe('***');
    expect(mask('abc', 42)).toBe('***');
    expect(applyMask('')).toBe('');
  });
  it('masks any stored value as text', () => {
    expect(maskValue(13812345678, { maskType: 3 })).toBe('138****5678');
    expect(maskValue(null, { maskType: 1 })).toBe('');
    expect(maskValue(undefined, { maskType: 1 })).toBe('');
    expect(maskValue(['a', 'b'], { maskType: 1 })).toBe('*********');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(mask('😀😀😀', MASK_TYPES.name)).toBe('😀*😀');
    expect(mask('😀x', MASK_TYPES.all)).toBe('**');
  });
});

describe('masking a field’s value when the field asks', () => {
  it('masks only with useMask on, with the field’s config or the default', () => {
    expect(maskIfAsked('13812345678', { useMask: true, maskConfig: { maskType: 3 } })).toBe('138****5678');
    expect(maskIfAsked('abc', { useMask: true })).toBe('***');
    expect(maskIfAsked('abc', { useMask: false, maskConfig: { maskType: 1 } })).toBe('abc');
    expect(maskIfAsked(5, {})).toBe(5);
    expect(maskIfAsked(null, { useMask: true })).toBe('');
  });
});

describe('maskConfigProblems', () => {
  it('accepts the built-in types and a complete custom config', () => {
    expect(maskConfigProblems({ maskType: 3 })).toEqual([]);
    expect(maskConfigProblems(undefined)).toEqual([]);
    expect(
      maskConfigProblems({
        maskType: 0,
        prefixType: 3,
        prefixSpecifyChar: '-',
        suffixType: 2,
        suffixLimit: 2,
        ignoreChar: '-,@',
        useUnrealMask: true,
        unrealMaskLength: 4,
      }),
    ).toEqual([]);
  });

  it('names what a custom config misses: the specified text, a kept count, a fixed length in range', () => {
    expect(maskConfigProblems({ maskType: 9 })).toEqual(['maskType']);
    expect(maskConfigProblems({ maskType: 0, prefixType: 4, prefixSpecifyChar: '' })).toEqual(['prefixChar']);
    expect(maskConfigProblems({ maskType: 0, suffixType: 3 })).toEqual(['suffixChar']);
    expect(maskConfigProblems({ maskType: 0, prefixType: 2, prefixLimit: 0 })).toEqual(['prefixLimit']);
    expect(maskConfigProblems({ maskType: 0, suffixType: 7 })).toEqual(['suffixType']);
    expect(maskConfigProblems({ maskType: 0, ignoreChar: 5 })).toEqual(['ignoreChar']);
    expect(maskConfigProblems({ maskType: 0, useUnrealMask: true, unrealMaskLength: 101 })).toEqual([
      'unrealMaskLength',
    ]);
    // the fixed length counts only when asked for
    expect(maskConfigProblems({ maskType: 0, useUnrealMask: false, unrealMaskLength: 0 })).toEqual([]);
  });
});
