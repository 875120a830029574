// Fixture of the sign-in hand-over tests (used by *.test.ts(x) only).
import { vi } from 'vitest';

/** CurrentUser answers by token: a user for the known ones, 600 for any other */
export function serveOwners(owners: Record<string, string>) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const token = new Headers(init?.headers).get('Authorization') ?? '';
    const userId = owners[token];
    const body = userId
      ? { code: 200, data: { userInfo: { userId, userName: `name-${userId}`, userAccount: userId } } }
      : { code: 600, msg: 'token expired' };
    return new Response(JSON.stringify(body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
