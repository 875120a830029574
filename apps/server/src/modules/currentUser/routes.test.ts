// Every current-user route: signed-in only (602 without a token, 600 after the session ended, writing nothing),
// and NUL characters in ids and keywords refused on the field.
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  auditCount,
  currentUser,
  newSignedInUser,
  useSignInServer,
  userRow,
} from '../../../test/kit/signInServer.js';
import { currentUserRoutes } from './routes.js';

const BASE = '/api/permission/Users/Current';
useSignInServer();
type Errors = { errors: Record<string, string> };

describe('NUL characters (which PostgreSQL cannot store) in ids and keywords', () => {
  it('are refused with 401 on the field, never a 500', async () => {
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ['DELETE', `${BASE}/%00/SignImg`, undefined, 'id'],
      ['PUT', `${BASE}/a%00b/SignImg`, undefined, 'id'],
      ['GET', `${BASE}/Subordinate/%00`, undefined, 'id'],
      ['PUT', `${BASE}/major`, { majorType: 'System', majorId: '\u0000' }, 'majorId'],
      ['PUT', `${BASE}/major`, { majorType: 'Organize', majorId: 'x\u0000' }, 'majorId'],
      ['GET', `${BASE}/SystemLog?keyword=%00`, undefined, 'keyword'],
    ];
    for (const [method, path, json, field] of cases) {
      const res = await api<Errors>(method, path, { token: adminToken, ...(json ? { json } : {}) });
      expect(res.code, `${method} ${path}`).toBe(401);
      expect(res.data!.errors).toEqual({ [field]: '含有不允许的字符' });
    }
    expect((await currentUser(adminToken)).code).toBe(200);
  });
});

describe('every current-user route', () => {
  it('answers 602 without a token or with an unknown one', async () => {
    expect(currentUserRoutes.length).toBe(17);
    for (const r of currentUserRoutes) {
      expect(r.permission, r.url).toBe('signedIn');
      const url = r.url.replace(':name', 'a.png').replace(':id', '1');
      for (const token of [undefined, `bearer ${'c'.repeat(43)}`]) {
        const res = await api(r.method, url, {
          ...(token ? { token } : {}),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { json: {} }),
        });
        expect(res, `${r.method} ${r.url}`).toMatchObject({ code: 602, msg: 'Token验证失败' });
      }
    }
  });

  it('answers 600 after the session ended, and writes nothing', async () => {
    const me = await newSignedInUser();
    await api('GET', '/api/oauth/Logout', { token: me.token });
    const audits = await auditCount();
    expect((await api('PUT', `${BASE}/BaseInfo`, { token: me.token, json: { realName: 'late' } })).code).toBe(600);
    expect(
      (await api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: 'data:image/png;base64,AAAA' } })).code,
    ).toBe(600);
    expect(await auditCount()).toBe(audits);
    expect((await userRow(me.id)).realName).not.toBe('late');
  });
});
