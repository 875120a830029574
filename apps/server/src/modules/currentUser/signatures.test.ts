// The own signature pictures (/api/permission/Users/Current/SignImg) over HTTP against a real database: add, list,
// the default, delete, the checks, at most ten (also when added at once), and other users' pictures.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userSignImg } from '../../db/schema/index.js';
import { api, auditsOf, ctx, currentUser, newSignedInUser, useSignInServer } from '../../../test/kit/signInServer.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';

const BASE = '/api/permission/Users/Current';
useSignInServer();
type Errors = { errors: Record<string, string> };

describe('SignImg', () => {
  const png = (n: number) => `data:image/png;base64,iVBORw0KGgo${'A'.repeat(n)}=`;
  type Sign = { id: string; signImg: string; isDefault: number; creatorTime: number };
  const list = async (token: string) => (await api<Sign[]>('GET', `${BASE}/SignImg`, { token })).data!;

  it('adds (the first becomes the default), lists newest first, switches the default and deletes', async () => {
    const me = await newSignedInUser();
    expect(await list(me.token)).toEqual([]);
    const first = await api<string>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: png(1), isDefault: 0 },
    });
    expect(first).toMatchObject({ code: 200, msg: '新建成功' });
    expect(first.data).toMatch(/^\d+$/);
    expect((await currentUser(me.token)).data!.userInfo.signImg).toBe(png(1));
    const second = await api<string>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: `data:image/jpeg;base64,/9j/${'B'.repeat(8)}==` },
    });
    const third = await api<string>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: png(3), isDefault: 1 },
    });
    const rows = await list(me.token);
    expect(rows.map((r) => [r.id, r.isDefault])).toEqual([
      [third.data, 1],
      [second.data, 0],
      [first.data, 0],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['creatorTime', 'id', 'isDefault', 'signImg']);
    expect((await currentUser(me.token)).data!.userInfo.signImg).toBe(png(3));

    expect(await api('PUT', `${BASE}/${second.data}/SignImg`, { token: me.token })).toMatchObject({
      code: 200,
      msg: '设置成功',
    });
    expect((await list(me.token)).filter((r) => r.isDefault === 1).map((r) => r.id)).toEqual([second.data]);
    expect((await auditsOf(second.data!)).map((a) => a.action)).toEqual(['defaultSignImg', 'addSignImg']);
    expect((await currentUser(me.token)).data!.userInfo.signImg).toMatch(/^data:image\/jpeg/);

    expect(await api('DELETE', `${BASE}/${first.data}/SignImg`, { token: me.token })).toMatchObject({
      code: 200,
      msg: '删除成功',
    });
    expect((await list(me.token)).map((r) => r.id)).toEqual([third.data, second.data]);
    expect((await auditsOf(first.data!)).map((a) => a.action)).toEqual(['deleteSignImg', 'addSignImg']);
  });

  it('refuses anything but a PNG or JPEG data URL, and one over 700 000 characters, with 401', async () => {
    const me = await newSignedInUser();
    const bad = [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
      'javascript:alert(1)',
      'https://evil.example/x.png',
      'data:image/png;base64,',
      'data:image/png;base64,@@@@',
      'data:image/png,plain',
      `data:image/png;base64,AAAA\n`,
      '',
    ];
    for (const signImg of bad) {
      const res = await api<Errors>('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg } });
      expect(res.code, signImg).toBe(401);
      expect(res.data!.errors).toEqual({ signImg: '签名图片格式错误' });
    }
    const big = await api<Errors>('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(700_000) } });
    expectInvalidFields(big, ['signImg']);
    const badDefault = await api<Errors>('POST', `${BASE}/SignImg`, {
      token: me.token,
      json: { signImg: png(1), isDefault: 2 },
    });
    expect(Object.keys(badDefault.data!.errors)).toEqual(['isDefault']);
    expect(await list(me.token)).toEqual([]);
  });

  it('keeps at most ten', async () => {
    const me = await newSignedInUser();
    for (let i = 0; i < 10; i++)
      expect((await api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(i + 1) } })).code).toBe(200);
    const eleventh = await api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(20) } });
    expect(eleventh).toMatchObject({ code: 400, msg: '签名最多保存10个' });
    expect(await list(me.token)).toHaveLength(10);
  });

  it('concurrent adds still keep at most ten, with exactly one default', async () => {
    const me = await newSignedInUser();
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        api('POST', `${BASE}/SignImg`, { token: me.token, json: { signImg: png(i + 1), isDefault: i % 2 } }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(10);
    expect(results.filter((r) => r.code === 400).map((r) => r.msg)).toEqual(Array(4).fill('签名最多保存10个'));
    const rows = await list(me.token);
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.isDefault === 1)).toHaveLength(1);
    // and concurrent default switches leave one default
    await Promise.all(rows.map((r) => api('PUT', `${BASE}/${r.id}/SignImg`, { token: me.token })));
    expect((await list(me.token)).filter((r) => r.isDefault === 1)).toHaveLength(1);
  });

  it('another user’s signature cannot be seen, deleted or made default: not found', async () => {
    const owner = await newSignedInUser();
    const other = await newSignedInUser();
    const added = await api<string>('POST', `${BASE}/SignImg`, { token: owner.token, json: { signImg: png(2) } });
    expect(await list(other.token)).toEqual([]);
    expect(await api('DELETE', `${BASE}/${added.data}/SignImg`, { token: other.token })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await api('PUT', `${BASE}/${added.data}/SignImg`, { token: other.token })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect(await api('DELETE', `${BASE}/nope/SignImg`, { token: owner.token })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    expect((await api('DELETE', `${BASE}/${'9'.repeat(51)}/SignImg`, { token: owner.token })).code).toBe(401);
    expect((await ctx().db.select().from(userSignImg).where(eq(userSignImg.id, added.data!)))[0]!.isDefault).toBe(1);
  });
});
