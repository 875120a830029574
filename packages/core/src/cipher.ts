// Login password cipher, as the reference client sends the password at sign-in:
// md5(plain) as 32 lowercase hex, then AES-128-ECB-PKCS7 with the shared key, hex encoded (96 chars).
import { ecb } from '@noble/ciphers/aes.js';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The reference platform's default login cipher key (16 bytes, AES-128). */
export const DEFAULT_CIPHER_KEY = 'EY8WePvjM5GGwQzn';

export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}

/** An MD5 fed piece by piece (a large file's content hash, read slice by slice), answering 32 lowercase hex. */
export function md5Stream(): { update(bytes: Uint8Array): void; hex(): string } {
  const hash = md5.create();
  return {
    update: (bytes) => void hash.update(bytes),
    hex: () => bytesToHex(hash.digest()),
  };
}

export function aesEcbEncryptHex(plain: string, key: string): string {
  return bytesToHex(ecb(utf8ToBytes(key)).encrypt(utf8ToBytes(plain)));
}

/** Returns null when the input is not valid hex ciphertext for this key. */
export function aesEcbDecryptHex(cipherHex: string, key: string): string | null {
  if (!/^(?:[0-9a-fA-F]{32})+$/.test(cipherHex)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(ecb(utf8ToBytes(key)).decrypt(hexToBytes(cipherHex)));
  } catch {
    return null;
  }
}

/** What the browser sends as `password` on sign-in. */
export function encryptLoginPassword(plain: string, key: string = DEFAULT_CIPHER_KEY): string {
  return aesEcbEncryptHex(md5Hex(plain), key);
}

const MD5_HEX = /^[0-9a-f]{32}$/;

/**
 * Server side: turn the transmitted password into the md5 hex of the plain text.
 * Accepts a plain md5 (3.4 clients, 32 hex) or the 96-hex AES form. Returns null for anything else.
 */
export function decodeLoginPassword(sent: string, key: string = DEFAULT_CIPHER_KEY): string | null {
  const value = sent.trim().toLowerCase();
  if (MD5_HEX.test(value)) return value;
  if (value.length !== 96) return null;
  const inner = aesEcbDecryptHex(value, key);
  return inner !== null && MD5_HEX.test(inner.toLowerCase()) ? inner.toLowerCase() : null;
}
