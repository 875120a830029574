// Data sources over HTTP: CRUD with the password sealed and never answered, connection tests with clear
// reasons, permissions; and SQL interfaces on the real MariaDB (127.0.0.1:3306) and on PostgreSQL as an
// outside source: parameters bound, paging, keyword, InfoByIds, timeouts and a server that is down.
import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSource } from '../../db/schema/index.js';
import { unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { grantMenus } from '../../../test/kit/access.js';
import { dictionaryItems } from '../dictionary/index.js';

useAdminServer();

const B = '/api/system/DataSource';
const DI = '/api/system/DataInterface';
const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const table = `di_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
let category: string;

const mysqlBody = (patch: Record<string, unknown> = {}) => ({
  fullName: unique('MariaDB'),
  dbType: 'MySQL',
  host: MYSQL.host,
  port: MYSQL.port,
  serviceName: MYSQL.database,
  userName: MYSQL.user,
  password: MYSQL.password,
  connectionLimit: 3,
  sortCode: 0,
  enabledMark: 1,
  description: '',
  ...patch,
});

beforeAll(async () => {
  // the MariaDB running beside the tests (README): a table of our own, dropped after
  const conn = await mysql.createConnection(MYSQL);
  await conn.query(
    `create table ${table} (id int primary key, full_name varchar(50), amount decimal(10,2), secret varchar(20))`,
  );
  const rows = Array.from({ length: 30 }, (_, i) => [i + 1, `名称${i + 1}`, (i + 1) * 1.5, `s${i}`]);
  await conn.query(`insert into ${table} values ?`, [rows]);
  await conn.end();
  category = (await dictionaryItems(ctx().db, 'DataInterfaceType'))[0]!.id;
});

afterAll(async () => {
  const conn = await mysql.createConnection(MYSQL);
  await conn.query(`drop table if exists ${table}`);
  await conn.end();
});

describe('data sources', () => {
  it('creates, lists, reads and updates a source without ever answering the password', async () => {
    const body = mysqlBody({ password: 'p@ss-word' });
    const id = await api.create(B, body);
    const [stored] = await ctx().db.select().from(dataSource).where(eq(dataSource.id, id));
    expect(stored!.passwordCipher).not.toContain('p@ss-word');
    expect(stored!.passwordCipher.startsWith('v1:')).toBe(true);
    const info = await api.get<Record<string, unknown>>(`${B}/${id}`);
    expect(info.data).toMatchObject({ fullName: body.fullName, dbType: 'MySQL', password: '', connectionLimit: 3 });
    const list = await api.get<{ list: Record<string, unknown>[] }>(B, { query: { keyword: body.fullName } });
    expect(list.data!.list).toHaveLength(1);
    expect(list.data!.list[0]).not.toHaveProperty('password');
    expect(JSON.stringify(list.data)).not.toContain('p@ss-word');
    // an empty password keeps the stored one
    expect((await api.put(`${B}/${id}`, { ...body, password: '', description: 'x' })).code).toBe(200);
    const [kept] = await ctx().db.select().from(dataSource).where(eq(dataSource.id, id));
    expect(kept!.passwordCipher).toBe(stored!.passwordCipher);
    // the selector starts with the platform's own database
    const selector = await api.get<{ id: string; fullName: string }[]>(`${B}/Selector`);
    expect(selector.data![0]).toEqual({ id: '0', fullName: '默认数据库', dbType: 'PostgreSQL' });
    expect(selector.data!.some((s) => s.id === id)).toBe(true);
    expect((await api.post(B, { ...body })).msg).toBe('连接名称已存在');
    expect((await api.delete(`${B}/${id}`)).code).toBe(200);
  });

  it('refuses bad input field by field', async () => {
    const res = await api.post<unknown>(B, {
      ...mysqlBody(),
      dbType: 'Oracle',
      port: 70000,
      host: '',
      connectionLimit: 99,
    });
    expect(res.code).toBe(401);
    expect(res.msg).toMatch(/PostgreSQL或MySQL|端口|主机地址|连接数/);
  });

  it('tests a connection: success, wrong password, database missing, server down', async () => {
    expect(await api.post(`${B}/Actions/Test`, mysqlBody())).toMatchObject({ code: 200, msg: '连接成功' });
    expect(
      await api.post(`${B}/Actions/Test`, mysqlBody({ userName: 'nobody_here', password: 'wrong' })),
    ).toMatchObject({
      code: 400,
      msg: '连接失败：用户名或密码错误',
    });
    expect((await api.post(`${B}/Actions/Test`, mysqlBody({ serviceName: 'no_such_db_x' }))).msg).toMatch(/连接失败/);
    expect(await api.post(`${B}/Actions/Test`, mysqlBody({ port: 1 }))).toMatchObject({
      code: 400,
      msg: '连接失败：无法连接到数据库服务器',
    });
    const pgUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
    const pgTest = await api.post(`${B}/Actions/Test`, {
      ...mysqlBody(),
      dbType: 'PostgreSQL',
      host: pgUrl.hostname,
      port: Number(pgUrl.port || 5432),
      serviceName: pgUrl.pathname.slice(1) || 'test',
      userName: decodeURIComponent(pgUrl.username || 'postgres'),
      password: decodeURIComponent(pgUrl.password),
    });
    expect([200, 400]).toContain(pgTest.code);
    // in English for an English caller
    const en = await api.post(`${B}/Actions/Test`, mysqlBody({ port: 1 }), { headers: { 'accept-language': 'en' } });
    expect(en.msg).toBe('Connection failed: the database server cannot be reached');
  });

  it('needs the menu to read and its buttons to write', async () => {
    const staff = await signedInUser(server);
    const as = (method: string, path: string, json?: unknown) =>
      api(method, path, { token: staff.token, ...(json ? { json } : {}) });
    expect((await as('GET', B)).msg).toBe('没有访问权限');
    expect((await as('POST', `${B}/Actions/Test`, mysqlBody())).msg).toBe('没有访问权限');
    await grantMenus(ctx(), staff.id, { 'systemData.dataSource': [] });
    expect((await as('GET', B)).code).toBe(200);
    expect((await as('POST', B, mysqlBody())).msg).toBe('没有访问权限');
  });
});

describe('SQL interfaces on MariaDB', () => {
  let sourceId: string;
  const sqlInterface = async (sql: string, patch: Record<string, unknown> = {}) =>
    api.create(DI, {
      fullName: unique('my'),
      enCode: unique('my'),
      category,
      type: 1,
      hasPage: 0,
      action: 0,
      parameterJson: JSON.stringify([
        { field: 'name', fieldName: '名称', dataType: 'varchar', required: 0, defaultValue: '' },
      ]),
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: sourceId, sql } }),
      enabledMark: 1,
      sortCode: 0,
      ...patch,
    });

  beforeAll(async () => {
    sourceId = await api.create(B, mysqlBody());
  });

  it('binds parameters (injection stays a value), pages with a keyword and finds rows by ids', async () => {
    const id = await sqlInterface(
      `select id, full_name from ${table} where ({name} is null or full_name = {name}) order by id`,
    );
    const one = await api.post<{ id: number; full_name: string }[]>(`${DI}/${id}/Actions/Preview`, {
      paramList: [{ field: 'name', defaultValue: '名称3' }],
    });
    expect(one).toMatchObject({ code: 200, msg: '接口请求成功' });
    expect(one.data).toEqual([{ id: 3, full_name: '名称3' }]);
    const injected = await api.post<unknown[]>(`${DI}/${id}/Actions/Preview`, {
      paramList: [{ field: 'name', defaultValue: "x' or '1'='1" }],
    });
    expect(injected.data).toEqual([]);
    const page = await api.post<{ list: { id: number }[]; pagination: { total: number } }>(`${DI}/${id}/Actions/List`, {
      currentPage: 2,
      pageSize: 5,
      keyword: '名称1',
      relationField: 'full_name',
      propsValue: 'id',
    });
    // 名称1, 名称10..19 = 11 rows
    expect(page.data!.pagination.total).toBe(11);
    expect(page.data!.list.map((r) => r.id)).toEqual([14, 15, 16, 17, 18]);
    const byIds = await api.post<{ id: number }[]>(`${DI}/${id}/Actions/InfoByIds`, {
      ids: ['2', '7'],
      propsValue: 'id',
    });
    expect(byIds.data!.map((r) => r.id).sort()).toEqual([2, 7]);
    // a column name that is not an identifier is refused, not written into the SQL
    const bad = await api.post(`${DI}/${id}/Actions/List`, { keyword: 'x', relationField: 'full_name` or 1=1 -- ' });
    expect(bad).toMatchObject({ code: 400 });
    const fields = await api.post<string[]>(`${DI}/${id}/Actions/GetFields`, { paramList: [] });
    expect(fields.data).toEqual(['id', 'full_name']);
  });

  it('reports a syntax error, a timeout and a server that is down clearly, and keeps serving', async () => {
    const broken = await sqlInterface(`selec id from ${table}`);
    const res = await api.post(`${DI}/${broken}/Actions/Preview`, { paramList: [] });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^SQL执行失败：.*syntax/i);
    const slow = await sqlInterface('select sleep(8) as s');
    const started = Date.now();
    const timed = await api.post(`${DI}/${slow}/Actions/Preview`, { paramList: [] });
    expect(timed.msg).toBe('SQL执行超时（超过5秒），已取消');
    expect(Date.now() - started).toBeLessThan(7500);
    const down = await api.create(B, mysqlBody({ port: 1 }));
    const onDown = await sqlInterface('select 1 as x', {
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: down, sql: 'select 1 as x' } }),
    });
    expect((await api.post(`${DI}/${onDown}/Actions/Preview`, { paramList: [] })).msg).toBe(
      '连接失败：无法连接到数据库服务器',
    );
    // the source in use cannot be deleted
    expect((await api.delete(`${B}/${down}`)).msg).toBe('该数据连接已被数据接口引用，不能删除');
    expect((await api.get(B)).code).toBe(200);
  });

  it('query interfaces refuse writing words; the read-only transaction stops what slips through', async () => {
    const res = await api.post(DI, {
      fullName: unique('w'),
      enCode: unique('w'),
      category,
      type: 1,
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: sourceId, sql: `delete from ${table}` } }),
    });
    expect(res).toMatchObject({ code: 400, msg: '当前SQL含有敏感字：delete' });
    const two = await api.post(DI, {
      fullName: unique('w'),
      enCode: unique('w'),
      category,
      type: 1,
      dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: sourceId, sql: `select 1; select 2` } }),
    });
    expect(two.msg).toBe('SQL只能包含一条语句');
  });
});
