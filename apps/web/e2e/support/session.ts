// Signing in through the API, shared by the global setup (main process) and the tests.
import { encryptLoginPassword } from '@jnpf/core';

export const ADMIN = { account: 'admin', password: '123456' } as const;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** Signs in through the API (the same form-encoded call the page makes) and returns the token. */
export async function signIn(baseUrl: string, account: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
    body: new URLSearchParams({
      account,
      password: encryptLoginPassword(password),
      code: '',
      timestamp: '',
      origin: 'password',
      grant_type: 'password',
      jnpf_ticket: '',
    }),
  });
  const result = (await response.json()) as Envelope<{ token: string }>;
  if (result.code !== 200 || !result.data?.token) throw new Error(`sign-in as ${account} failed: ${result.msg}`);
  return result.data.token;
}
