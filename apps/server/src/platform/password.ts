// Password storage: scrypt over the md5 hex the client sends, with a per-user salt. Never plain md5.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
// N=2^14 keeps one check near 30-50 ms here: slow for guessing, fine for a rate-limited sign-in
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(md5Hex: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(md5Hex.toLowerCase(), salt, KEY_LENGTH, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(md5Hex: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(16).toString('hex');
  return { hash: (await derive(md5Hex, salt)).toString('hex'), salt };
}

export async function verifyPassword(md5Hex: string, hash: string, salt: string): Promise<boolean> {
  const expected = Buffer.from(hash, 'hex');
  const actual = await derive(md5Hex, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** a fixed hash to compare against when the account does not exist, so timing does not tell */
let dummy: Promise<{ hash: string; salt: string }> | undefined;
export async function verifyAgainstDummy(md5Hex: string): Promise<false> {
  dummy ??= hashPassword('0'.repeat(32));
  const d = await dummy;
  await verifyPassword(md5Hex, d.hash, d.salt);
  return false;
}
