// Public links (表单外链) over HTTP against a real database: the designer's settings, a visitor filling in a form
// and searching a list without signing in, passwords and their tickets, renewed links, and every refusal.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { md5Hex, type FormDataJson } from '@jnpf/core';
import { auditLog, visualRecord, visualRelease, visualShortLink } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { releaseDesign } from '../../../../test/kit/released.js';
import { designBody, sampleColumns, sampleFields, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
const TOO_MANY = '请求过于频繁，请稍后再试';
const LINK = '/api/visualdev/ShortLink';

useDesignServer();

interface LinkInfo {
  id: string;
  formUse: number;
  formLink: string;
  formPassUse: number;
  formPassword: string;
  hasFormPassword: boolean;
  columnUse: number;
  columnLink: string;
  columnPassUse: number;
  columnCondition: string;
  columnText: string;
  alreadySave: boolean;
}
type Row = Record<string, unknown> & { id: string };
interface Page {
  list: Row[];
  pagination: { total: number };
}

/** the sample form without its number field (no number rule is needed) */
const fields = () => sampleFields('none').filter((f) => f.__config__.jnpfKey !== 'billRule');

/** a design over the sample form, released under 在线开发 unless told otherwise */
async function design(patch: Record<string, unknown> = {}, released = true): Promise<string> {
  const json = designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', fields())),
    columnData: JSON.stringify(
      sampleColumns({ columnList: sampleColumns().columnList.filter((c) => c.prop !== 'code') }),
    ),
    ...patch,
  });
  const id = await api.create(BASE, json);
  if (released) await releaseDesign(server, admin, id);
  return id;
}

const save = (id: string, settings: Record<string, unknown>) =>
  api<LinkInfo>('PUT', LINK, {
    json: {
      id,
      formUse: 0,
      formPassUse: 0,
      formPassword: '',
      columnUse: 0,
      columnPassUse: 0,
      columnPassword: '',
      columnCondition: '[]',
      columnText: '[]',
      ...settings,
    },
  });

/** the token of a link path (/formShortLink?encryption=…) */
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('encryption')!;

/** what a visitor (no token) calls */
const visitor = (id: string, token: string, ticket?: string) => {
  const headers = ticket ? { 'x-link-ticket': ticket } : undefined;
  return {
    open: () =>
      call<Record<string, unknown>>(server, 'GET', `${LINK}/getConfig/${id}`, { query: { encryption: token } }),
    config: () =>
      call<Record<string, string>>(server, 'GET', `${LINK}/${id}/Config`, { query: { encryption: token }, headers }),
    submit: (data: unknown) =>
      call(server, 'POST', `${LINK}/${id}`, {
        query: { encryption: token },
        headers,
        json: { data: JSON.stringify(data) },
      }),
    list: (body: Record<string, unknown> = {}) =>
      call<Page>(server, 'POST', `${LINK}/${id}/ListLink`, {
        query: { encryption: token },
        headers,
        json: { currentPage: 1, pageSize: 20, ...body },
      }),
    shown: (recordId: string) =>
      call<{ id: string; data: string }>(server, 'GET', `${LINK}/${id}/${recordId}/DataChange`, {
        query: { encryption: token },
        headers,
      }),
    unlock: (type: 0 | 1, password: string) =>
      call<{ ticket: string }>(server, 'POST', `${LINK}/checkPwd`, {
        json: { id, type, encryption: token, password: md5Hex(password) },
      }),
  };
};

let serial = 0;
const good = (patch: Record<string, unknown> = {}) => ({ title: `T${++serial}`, level: '2', sex: '2', ...patch });

describe('the designer sets up links', () => {
  it('has no links before the settings are saved, and refuses unknown designs', async () => {
    const id = await design();
    const info = await api<LinkInfo>('GET', `${LINK}/${id}`);
    expect(info.data).toMatchObject({ id, formUse: 0, formLink: '', columnLink: '', alreadySave: false });
    expect(await api('GET', `${LINK}/nope`)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await save('nope', { formUse: 1 })).code).toBe(400);
  });

  it('checks passwords, columns and conditions against the design', async () => {
    const id = await design();
    const noPassword = await save(id, { formUse: 1, formPassUse: 1 });
    expect(noPassword).toMatchObject({ code: 401, data: { errors: { formPassword: '请输入密码' } } });
    const tooLong = await save(id, { formUse: 1, formPassUse: 1, formPassword: 'x'.repeat(21) });
    expect(tooLong.code).toBe(401);
    expect((await save(id, { columnUse: 1 })).data).toMatchObject({
      errors: { columnText: '请选择公开查询的显示内容' },
    });
    expect((await save(id, { columnUse: 1, columnText: '["ghost"]' })).data).toMatchObject({
      errors: { columnText: '字段ghost不在表单中' },
    });
    expect((await save(id, { columnUse: 1, columnText: ['title'], columnCondition: ['active'] })).data).toMatchObject({
      errors: { columnCondition: '状态不能作为查询条件' },
    });
    const formOnly = await design({ webType: 1, columnData: '' });
    expect((await save(formOnly, { columnUse: 1, columnText: ['title'] })).data).toMatchObject({
      errors: { columnUse: '纯表单功能没有列表，不能开启公开查询' },
    });
    // the reference stores the chosen options' JSON: their ids name the fields
    const saved = await save(id, {
      columnUse: 1,
      columnText: JSON.stringify([{ id: 'title', fullName: '标题' }, { id: 'level' }]),
    });
    expect(saved).toMatchObject({
      code: 200,
      msg: '保存成功',
      data: { columnText: '["title","level"]', alreadySave: true },
    });
  });

  it('needs the design menu to read and its edit button to change', async () => {
    const id = await design();
    const { token } = await signedInUser(server);
    expect((await call(server, 'GET', `${LINK}/${id}`, { token })).code).toBe(400);
    expect((await call(server, 'PUT', LINK, { token, json: { id, formUse: 1 } })).code).toBe(400);
    expect((await call(server, 'POST', `${LINK}/${id}/Actions/Renew`, { token })).code).toBe(400);
    expect((await call(server, 'GET', `${LINK}/${id}`)).code).toBeGreaterThanOrEqual(600);
  });
});

describe('a form link', () => {
  it('lets a visitor fill in the form without signing in', async () => {
    const id = await design();
    const info = (await save(id, { formUse: 1 })).data!;
    expect(info.formLink).toMatch(/^\/formShortLink\?encryption=/);
    const v = visitor(id, tokenOf(info.formLink));
    expect((await v.open()).data).toMatchObject({ id, type: 'form', formPassUse: 0 });

    const config = (await v.config()).data!;
    const form = JSON.parse(config.formData!) as FormDataJson;
    const keys = JSON.stringify(form.fields);
    expect(keys).not.toMatch(/createUser|createTime|currOrganize|currPosition|modifyUser/);
    expect(keys).toContain('timePicker'); // inside the row container
    const sex = form.fields.find((f) => f.__vModel__ === 'sex')!;
    // the dictionary's items come inline: a visitor cannot read dictionaries
    expect(sex.__config__.dataType).toBe('static');
    expect(sex.options!.map((o) => (o as unknown as Record<string, string>).enCode)).toContain('2');

    const submitted = await v.submit(good({ title: 'Visitor' }));
    expect(submitted).toMatchObject({ code: 200, msg: '提交成功' });
    const [record] = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, id));
    expect(record).toMatchObject({ creatorUserId: null, data: { title: 'Visitor', level: '2', sex: '2' } });
    expect(record!.data.creator).toBeUndefined();

    // checked like any record; nothing the visitor typed is kept on a refusal
    const bad = await v.submit({ level: '9' });
    expect(bad).toMatchObject({ code: 401, data: { errors: { title: '标题不能为空' } } });
    expect((await v.submit('not json' as unknown as object)).code).toBe(401);
  });

  it('refuses made-up, renewed, switched-off and wrong-kind links', async () => {
    const id = await design();
    const info = (await save(id, { formUse: 1 })).data!;
    const token = tokenOf(info.formLink);
    const forged = Buffer.from(JSON.stringify({ modelId: id, type: 'form', key: 'guess' })).toString('base64url');
    for (const bad of ['garbage', forged, ''])
      expect(await visitor(id, bad).submit(good())).toMatchObject({ code: 400, msg: '无效链接' });
    // the token names another design
    const other = await design();
    expect(await visitor(other, token).config()).toMatchObject({ code: 400, msg: '无效链接' });
    // a form link cannot list
    expect(await visitor(id, token).list()).toMatchObject({ code: 400, msg: '无效链接' });

    const renewed = await api<LinkInfo>('POST', `${LINK}/${id}/Actions/Renew`);
    expect(renewed.code).toBe(200);
    expect(await visitor(id, token).submit(good())).toMatchObject({ code: 400, msg: '无效链接' });
    expect((await visitor(id, tokenOf(renewed.data!.formLink)).submit(good())).code).toBe(200);

    await save(id, { formUse: 0 });
    expect(await visitor(id, tokenOf(renewed.data!.formLink)).open()).toMatchObject({
      code: 400,
      msg: '未开启表单外链！',
    });
  });

  it('opens an unreleased design to nobody', async () => {
    const id = await design({}, false);
    const info = (await save(id, { formUse: 1 })).data!;
    expect(await visitor(id, tokenOf(info.formLink)).open()).toMatchObject({ code: 400, msg: '该功能未发布' });
  });

  it('keeps a protected form shut until its password earns a ticket', async () => {
    const id = await design();
    const info = (await save(id, { formUse: 1, formPassUse: 1, formPassword: 'abc123' })).data!;
    expect(info).toMatchObject({ formPassword: '', hasFormPassword: true });
    const token = tokenOf(info.formLink);
    expect((await visitor(id, token).open()).data).toMatchObject({ formPassUse: 1 });
    expect(await visitor(id, token).config()).toMatchObject({ code: 400, msg: '该链接需要密码，请先输入密码' });
    expect(await visitor(id, token).submit(good())).toMatchObject({ code: 400, msg: '该链接需要密码，请先输入密码' });
    expect(await visitor(id, token, 'made-up').submit(good())).toMatchObject({ code: 400 });

    expect(await visitor(id, token).unlock(0, 'wrong')).toMatchObject({ code: 400, msg: '密码错误！' });
    expect(await visitor(id, token).unlock(1, 'abc123')).toMatchObject({ code: 400, msg: '无效链接' });
    const ticket = (await visitor(id, token).unlock(0, 'abc123')).data!.ticket;
    expect(ticket).toMatch(/^[\w-]{20,}$/);
    expect((await visitor(id, token, ticket).config()).code).toBe(200);
    expect((await visitor(id, token, ticket).submit(good())).code).toBe(200);

    // saving without a new password keeps it; a new password ends the tickets of the old one
    expect((await save(id, { formUse: 1, formPassUse: 1 })).code).toBe(200);
    expect((await visitor(id, token, ticket).config()).code).toBe(200);
    await save(id, { formUse: 1, formPassUse: 1, formPassword: 'new-one' });
    expect(await visitor(id, token, ticket).config()).toMatchObject({ code: 400, msg: '该链接需要密码，请先输入密码' });

    // the password is kept only as a hash, and never written to the audit log
    const [row] = await ctx().db.select().from(visualShortLink).where(eq(visualShortLink.id, id));
    expect(row!.formPasswordHash).not.toContain(md5Hex('new-one'));
    const audit = JSON.stringify(await ctx().db.select().from(auditLog).where(eq(auditLog.recordId, id)));
    expect(audit).not.toContain(row!.formPasswordHash!);
    expect(audit).not.toContain(row!.linkKey);
  });

  it('limits password guesses per address', async () => {
    const id = await design();
    const token = tokenOf((await save(id, { formUse: 1, formPassUse: 1, formPassword: 'abc123' })).data!.formLink);
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) answers.push((await visitor(id, token).unlock(0, `guess${i}`)).msg);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('密码错误！'));
    expect(answers.slice(10)).toEqual(Array(2).fill(TOO_MANY));
    // the same link named with spaces around its id is the same budget
    const padded = await call(server, 'POST', `${LINK}/checkPwd`, {
      json: { id: ` ${id}  `, type: 0, encryption: token, password: md5Hex('abc123') },
    });
    expect(padded.msg).toBe(TOO_MANY);
  });

  it('limits password guesses per link, whatever addresses they come from', async () => {
    const id = await design();
    const token = tokenOf((await save(id, { formUse: 1, formPassUse: 1, formPassword: 'abc123' })).data!.formLink);
    const guess = (ip: string, password: string) =>
      call<{ ticket: string }>(server, 'POST', `${LINK}/checkPwd`, {
        headers: { 'x-forwarded-for': ip },
        json: { id, type: 0, encryption: token, password: md5Hex(password) },
      });
    for (let from = 0; from < 3; from++)
      for (let i = 0; i < 10; i++) expect((await guess(`10.9.${from}.1`, `guess${i}`)).msg).toBe('密码错误！');
    // even the right password waits now
    expect((await guess('10.9.9.1', 'abc123')).msg).toBe(TOO_MANY);
  });
});

describe('a list link', () => {
  async function sharedList(settings: Record<string, unknown> = {}) {
    const id = await design();
    const info = (
      await save(id, { columnUse: 1, columnText: ['title', 'level'], columnCondition: ['level', 'title'], ...settings })
    ).data!;
    return { id, token: tokenOf(info.columnLink), info };
  }
  const create = (id: string, data: Record<string, unknown>) =>
    api<string>('POST', `/api/visualdev/OnlineDev/${id}`, { json: { data: JSON.stringify(data) } });

  it('shows only the shared columns, searched only by the shared conditions', async () => {
    const { id, token } = await sharedList();
    await create(id, good({ title: 'Alpha', level: '1', notes: 'secret note', amount: 5 }));
    await create(id, good({ title: 'Beta', level: '2', notes: 'secret note', amount: 9 }));
    const v = visitor(id, token);
    expect((await v.open()).data).toMatchObject({ type: 'list', columnPassUse: 0 });

    const columnData = JSON.parse((await v.config()).data!.columnData!) as {
      columnList: { prop: string }[];
      searchList: { prop: string; searchType: number; options?: unknown[] }[];
    };
    expect(columnData.columnList.map((c) => c.prop)).toEqual(['title', 'level']);
    expect(columnData.searchList.map((s) => [s.prop, s.searchType])).toEqual([
      ['level', 1],
      ['title', 2],
    ]);

    const page = (await v.list()).data!;
    expect(page.pagination.total).toBe(2);
    // shown values only: no raw ids
    expect(Object.keys(page.list[0]!).sort()).toEqual(['id', 'level', 'title']);
    // always a page at a time, whatever the visitor asks for
    const one = (await v.list({ pageSize: 1, dataType: '1' })).data!;
    expect(one.list).toHaveLength(1);
    expect(one.pagination.total).toBe(2);
    expect(page.list.map((r) => r.level)).toContain('高');
    const byLevel = (await v.list({ queryJson: JSON.stringify({ level: '1' }) })).data!;
    expect(byLevel.list.map((r) => r.title)).toEqual(['Alpha']);
    const fuzzy = (await v.list({ queryJson: { title: 'et' } })).data!;
    expect(fuzzy.list.map((r) => r.title)).toEqual(['Beta']);
    // a condition that is not shared is refused; the keyword box searches nothing here
    expect((await v.list({ queryJson: { notes: 'secret' } })).code).toBe(401);
    expect((await v.list({ keyword: 'zzz' })).data!.pagination.total).toBe(2);
    // a column that is not shared does not sort
    const sorted = (await v.list({ sidx: 'amount', sort: 'asc' })).data!;
    expect(sorted.list).toHaveLength(2);

    const shown = await v.shown(page.list[0]!.id);
    expect(Object.keys(JSON.parse(shown.data!.data) as object).sort()).toEqual(['level', 'title']);
    expect(await v.shown('nope')).toMatchObject({ code: 400, msg: '数据不存在' });
    // a record of another design is not reachable through this link
    const other = await design();
    const foreign = (await create(other, good({ title: 'Other' }))).data!;
    expect(await v.shown(foreign)).toMatchObject({ code: 400, msg: '数据不存在' });
    // a list link does not take records
    expect(await v.submit(good())).toMatchObject({ code: 400, msg: '无效链接' });
  });

  it('shows people by name, without their sign-in accounts', async () => {
    const { id, token } = await sharedList({ columnText: ['title', 'creator'] });
    await create(id, good({ title: 'Named' }));
    const row = (await visitor(id, token).list()).data!.list[0]!;
    expect(row.creator).toBeTruthy();
    expect(String(row.creator)).not.toContain('/');
    const shown = JSON.parse((await visitor(id, token).shown(row.id)).data!.data) as Record<string, string>;
    expect(shown.creator).toBe(row.creator);
  });

  it('sends the summary, thousands and grouped headers over the shared columns only, never summing a mask', async () => {
    const { id, token } = await sharedList({ columnText: ['title', 'amount'] });
    const db = server.platform.context.db;
    const [released] = await db.select().from(visualRelease).where(eq(visualRelease.id, id));
    const form = JSON.parse(released!.formData) as FormDataJson;
    Object.assign(
      form.fields.find((f) => f.__vModel__ === 'title')!,
      { useMask: true },
    );
    const extras = {
      showSummary: true,
      summaryField: ['amount', 'title'],
      thousands: true,
      thousandsField: ['amount', 'level'],
      complexHeaderList: [
        { id: 'h1', fullName: '明细', align: 'center', childColumns: ['amount', 'level'] },
        { id: 'h2', fullName: '内部', childColumns: ['tags', 'sex'] },
      ],
    };
    const columns = { ...(JSON.parse(released!.columnData) as object), ...extras };
    await db
      .update(visualRelease)
      .set({ formData: JSON.stringify(form), columnData: JSON.stringify(columns) })
      .where(eq(visualRelease.id, id));
    const columnData = JSON.parse((await visitor(id, token).config()).data!.columnData!) as Record<string, unknown>;
    expect(columnData).toMatchObject({
      showSummary: true,
      summaryField: ['amount'],
      thousands: true,
      thousandsField: ['amount'],
      complexHeaderList: [{ id: 'h1', fullName: '明细', align: 'center', childColumns: ['amount'] }],
    });
    expect(columnData.complexHeaderList).toHaveLength(1);
  });

  it('searches a masked condition by one whole value at a time, never by a list of candidates', async () => {
    const { id, token } = await sharedList();
    await create(id, good({ title: '13812345678' }));
    const db = server.platform.context.db;
    const [released] = await db.select().from(visualRelease).where(eq(visualRelease.id, id));
    const form = JSON.parse(released!.formData) as FormDataJson;
    Object.assign(
      form.fields.find((f) => f.__vModel__ === 'title')!,
      {
        useMask: true,
        maskConfig: { filler: '*', maskType: 3 },
      },
    );
    await db
      .update(visualRelease)
      .set({ formData: JSON.stringify(form) })
      .where(eq(visualRelease.id, id));
    const v = visitor(id, token);
    // half the candidates, then half of those … would find the hidden digits in about 14 calls
    const refused = await v.list({ queryJson: { title: ['13800005678', '13812345678'] } });
    expect(refused.code).toBe(401);
    expect(JSON.stringify(refused)).toContain('标题已脱敏，一次只能按一个完整值查询');
    const one = (await v.list({ queryJson: { title: '13812345678' } })).data!;
    expect(one.list.map((r) => r.title)).toEqual(['138****5678']);
  });

  it('ends a list link when the released function becomes form-only, and never shows fields a list cannot', async () => {
    const { id, token } = await sharedList({ columnText: ['title', 'level'] });
    const row = (await create(id, good({ title: 'Kept' }))).data!;
    const db = server.platform.context.db;
    await db.update(visualRelease).set({ webType: 1 }).where(eq(visualRelease.id, id));
    const refused = { code: 400, msg: '纯表单功能没有列表，不能开启公开查询' };
    expect(await visitor(id, token).list()).toMatchObject(refused);
    expect(await visitor(id, token).shown(row)).toMatchObject(refused);
    await db.update(visualRelease).set({ webType: 2 }).where(eq(visualRelease.id, id));
    // a shared field since made rich text (its name reused) is no longer shown to visitors
    const [released] = await db.select().from(visualRelease).where(eq(visualRelease.id, id));
    const form = JSON.parse(released!.formData) as FormDataJson;
    const level = form.fields.find((f) => f.__vModel__ === 'level')!;
    Object.assign(level, { __config__: { ...level.__config__, jnpfKey: 'editor' } });
    await db
      .update(visualRelease)
      .set({ formData: JSON.stringify(form) })
      .where(eq(visualRelease.id, id));
    const shown = JSON.parse((await visitor(id, token).shown(row)).data!.data) as object;
    expect(Object.keys(shown)).toEqual(['title']);
  });

  it('keeps a protected list shut until its password earns a ticket', async () => {
    const { id, token } = await sharedList({ columnPassUse: 1, columnPassword: 'open-list' });
    const v = visitor(id, token);
    expect((await v.open()).data).toMatchObject({ columnPassUse: 1 });
    expect(await v.list()).toMatchObject({ code: 400, msg: '该链接需要密码，请先输入密码' });
    const ticket = (await v.unlock(1, 'open-list')).data!.ticket;
    expect((await visitor(id, token, ticket).list()).code).toBe(200);
    // switched off: the link says so even with a ticket
    await save(id, { columnUse: 0 });
    expect(await visitor(id, token, ticket).list()).toMatchObject({ code: 400, msg: '未开启公开查询！' });
  });

  it('goes with its design', async () => {
    const id = await design({}, false);
    await save(id, { formUse: 1 });
    expect((await api('DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect(await ctx().db.select().from(visualShortLink).where(eq(visualShortLink.id, id))).toEqual([]);
  });
});
