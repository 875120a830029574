// Secrets at rest (data-source passwords, app secrets): AES-256-GCM under a key derived from the configured
// cipher key. The stored text is "v1:<iv>:<tag>:<ciphertext>" in base64url.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const keyOf = (cipherKey: string) => createHash('sha256').update(`data-interface:${cipherKey}`).digest();

export function sealSecret(cipherKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(cipherKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

/** the plain text, or '' when the stored text is empty or was sealed under another key */
export function openSecret(cipherKey: string, sealed: string): string {
  const [v, iv, tag, body] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || body === undefined) return '';
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(cipherKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}
