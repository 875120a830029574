import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesEcbDecryptHex,
  decodeLoginPassword,
  DEFAULT_CIPHER_KEY,
  encryptLoginPassword,
  md5Hex,
  md5Stream,
} from './cipher.js';

describe('login cipher', () => {
  it('md5Hex matches node:crypto', () => {
    for (const text of ['123456', '', '中文密码', 'a'.repeat(1000)])
      expect(md5Hex(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
  });

  it('md5Stream fed in pieces gives the MD5 of the whole, as node:crypto', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    const hash = md5Stream();
    for (let at = 0; at < bytes.length; at += 4096) hash.update(bytes.subarray(at, at + 4096));
    expect(hash.hex()).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it('encrypts md5(plain) with AES-128-ECB-PKCS7 as 96 hex chars, like the reference client', () => {
    const sent = encryptLoginPassword('123456');
    const c = createCipheriv('aes-128-ecb', Buffer.from(DEFAULT_CIPHER_KEY), null);
    const expected = Buffer.concat([c.update(md5Hex('123456'), 'utf8'), c.final()]).toString('hex');
    expect(sent).toBe(expected);
    expect(sent).toMatch(/^[0-9a-f]{96}$/);
  });

  it('decodes both the AES form and a plain md5, and nothing else', () => {
    const md5 = md5Hex('secret');
    expect(decodeLoginPassword(encryptLoginPassword('secret'))).toBe(md5);
    expect(decodeLoginPassword(md5.toUpperCase())).toBe(md5);
    expect(decodeLoginPassword('secret')).toBeNull();
    expect(decodeLoginPassword('f'.repeat(96))).toBeNull();
    expect(decodeLoginPassword(encryptLoginPassword('secret', 'AAAAAAAAAAAAAAAA'))).toBeNull();
    expect(aesEcbDecryptHex('zz', DEFAULT_CIPHER_KEY)).toBeNull();
  });
});
