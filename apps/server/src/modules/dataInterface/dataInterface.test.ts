// Data interfaces over HTTP on the platform's own database ("0") and static data: every call of §6 (list,
// create, update, info, delete, state, copy, export, import, Selector, getList, GetParam, Preview, Actions/List,
// InfoByIds, GetFields), parameters and system variables bound, injection through every source, refused
// words and protected tables, writing SQL, transforms that throw or loop, variables, call logs, permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/harness.js';
import { grantMenus, signedInUser } from '../../../test/kit/access.js';
import { admin, api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { upload } from '../../../test/kit/uploads.js';
import { dictionaryItems } from '../dictionary/index.js';
import { purgeLogs } from './logs.js';

useAdminServer();

const DI = '/api/system/DataInterface';
const V = '/api/system/DataInterfaceVariate';
const table = `di_rows_${Date.now().toString(36)}`;
let category: string;

interface Page<T = Record<string, unknown>> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

const body = (patch: Record<string, unknown> = {}) => ({
  fullName: unique('接口'),
  enCode: unique('di'),
  category,
  type: 1,
  hasPage: 0,
  action: 0,
  parameterJson: JSON.stringify([
    { field: 'name', fieldName: '名称', dataType: 'varchar', required: 0, defaultValue: '' },
    { field: 'minN', fieldName: '最小', dataType: 'int', required: 0, defaultValue: '0' },
  ]),
  dataConfigJson: JSON.stringify({
    sqlData: {
      dbLinkId: '0',
      sql: `select id, full_name, n from ${table} where n >= {minN} and (coalesce({name}, '') = '' or full_name = {name}) order by n`,
    },
  }),
  enabledMark: 1,
  sortCode: 0,
  description: '',
  ...patch,
});

const sql = (text: string, patch: Record<string, unknown> = {}) =>
  body({ dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql: text } }), ...patch });

beforeAll(async () => {
  category = (await dictionaryItems(ctx().db, 'DataInterfaceType'))[0]!.id;
  await ctx().database.query(`create table ${table} (id text primary key, full_name text, n int, owner text)`);
  await ctx().database.query(
    `insert into ${table} select 'r' || g, '名称' || g, g, case when g % 2 = 0 then 'even' else 'odd' end from generate_series(1, 40) g`,
  );
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

describe('data interface records', () => {
  it('creates, lists with filters, reads, updates, toggles and deletes', async () => {
    const input = body();
    const created = await api.post<string>(DI, input);
    expect(created).toMatchObject({ code: 200, msg: '接口创建成功' });
    const id = created.data!;
    const list = await api.get<Page>(DI, { query: { keyword: input.enCode, category, type: 1 } });
    expect(list.data!.list).toHaveLength(1);
    expect(list.data!.list[0]).toMatchObject({ id, type: 'SQL操作', enabledMark: 1, tenantId: '' });
    expect((await api.get<Page>(DI, { query: { keyword: input.enCode, type: 2 } })).data!.list).toHaveLength(0);
    const info = await api.get<Record<string, unknown>>(`${DI}/${id}`);
    expect(info.data).toMatchObject({ id, fullName: input.fullName, parameterJson: input.parameterJson, version: 0 });
    expect((await api.post(DI, { ...body(), fullName: input.fullName })).msg).toBe('名称不能重复');
    expect((await api.post(DI, { ...body(), enCode: input.enCode })).msg).toBe('编码不能重复');
    expect((await api.put(`${DI}/${id}`, { ...input, description: '改', version: 0 })).msg).toBe('更新成功');
    expect((await api.put(`${DI}/${id}/Actions/State`)).msg).toBe('更新接口状态成功');
    expect((await api.post(`${DI}/${id}/Actions/List`, {})).msg).toBe('接口已停用');
    await api.put(`${DI}/${id}/Actions/State`);
    expect((await api.get<{ field: string }[]>(`${DI}/GetParam/${id}`)).data!.map((p) => p.field)).toEqual([
      'name',
      'minN',
    ]);
    const selector = await api.get<{ id: string; category: string; children: { id: string }[] }[]>(`${DI}/Selector`);
    const node = selector.data!.find((c) => c.id === category)!;
    expect(node.category).toBe('0');
    expect(node.children.some((c) => c.id === id)).toBe(true);
    const picker = await api.get<Page>(`${DI}/getList`, { query: { keyword: input.enCode } });
    expect(picker.data!.list[0]).toMatchObject({ id, parameterJson: input.parameterJson, hasPage: 0 });
    expect((await api.delete(`${DI}/${id}`)).msg).toBe('删除成功');
    expect((await api.get(`${DI}/${id}`)).code).toBe(400);
  });

  it('refuses bad records: category, type, JSON, static data, API address', async () => {
    expect((await api.post(DI, body({ category: 'nope' }))).msg).toBe('分类不存在');
    expect((await api.post(DI, body({ type: 7 }))).code).toBe(401);
    expect((await api.post(DI, body({ parameterJson: '{bad' }))).code).toBe(401);
    expect((await api.post(DI, body({ type: 2, dataConfigJson: JSON.stringify({ staticData: '[1,' }) }))).msg).toBe(
      '静态数据不是有效的JSON',
    );
    expect(
      (await api.post(DI, body({ type: 3, dataConfigJson: JSON.stringify({ apiData: { url: 'ftp://x' } }) }))).msg,
    ).toBe('接口地址不正确');
    expect((await api.post(DI, sql('select 1 as a; drop table x'))).msg).toBe('SQL只能包含一条语句');
  });

  it('copies as "<name>.副本xxxxx" disabled, exports and imports a file', async () => {
    const input = body();
    const id = await api.create(DI, input);
    const copy = await api.post<string>(`${DI}/${id}/Actions/Copy`);
    expect(copy.msg).toBe('复制成功');
    const info = await api.get<{ fullName: string; enCode: string; enabledMark: number }>(`${DI}/${copy.data}`);
    expect(info.data!.fullName).toMatch(new RegExp(`^${input.fullName}\\.副本[0-9a-f]{5}$`));
    expect(info.data!.enCode).toMatch(new RegExp(`^${input.enCode}\\.[0-9a-f]{5}$`));
    expect(info.data!.enabledMark).toBe(0);
    const exported = await api.get<{ name: string; url: string }>(`${DI}/${id}/Actions/Export`);
    expect(exported.data!.name).toMatch(/\.bdi$/);
    const file = await (await fetch(`${server.baseUrl}${exported.data!.url}`)).text();
    expect(JSON.parse(file)).toMatchObject({
      format: 'jnpf-data-interface',
      version: 1,
      dataInterface: { enCode: input.enCode },
    });
    const skipped = await upload(server, `${DI}/Actions/Import`, [{ name: 'x.bdi', content: file }], { token: admin });
    expect(skipped.msg).toBe('接口名称或编码已存在，已跳过');
    const added = await upload<{ snum: number; id: string }>(
      server,
      `${DI}/Actions/Import`,
      [{ name: 'x.bdi', content: file }],
      {
        token: admin,
        fields: { type: '1' },
      },
    );
    expect(added.code).toBe(200);
    expect(added.data!.snum).toBe(1);
    const wrong = await upload(
      server,
      `${DI}/Actions/Import`,
      [{ name: 'x.bdi', content: '{"format":"other","version":1}' }],
      {
        token: admin,
      },
    );
    expect(wrong.msg).toBe('文件不是数据接口导出的文件');
  });
});

describe('running SQL interfaces on the platform database', () => {
  it('previews with parameters bound; injection through a parameter stays a value', async () => {
    const id = await api.create(DI, body());
    const run = (paramList: unknown[]) => api.post<{ id: string }[]>(`${DI}/${id}/Actions/Preview`, { paramList });
    const all = await run([]);
    expect(all).toMatchObject({ code: 200, msg: '接口请求成功' });
    expect(all.data).toHaveLength(40);
    expect((await run([{ field: 'name', defaultValue: '名称7' }])).data!.map((r) => r.id)).toEqual(['r7']);
    expect((await run([{ field: 'minN', defaultValue: 38 }])).data).toHaveLength(3);
    for (const hostile of ["' or '1'='1", "名称7'; drop table base_user; --", '名称7\\', '$1', '{name}', '@user']) {
      const res = await run([{ field: 'name', defaultValue: hostile }]);
      expect(res.code, hostile).toBe(200);
      expect(res.data, hostile).toEqual([]);
    }
    expect((await run([{ field: 'minN', defaultValue: '1 or 1=1' }])).msg).toBe('参数minN的值不是有效的int');
    // the table is still there
    expect((await run([])).data).toHaveLength(40);
  });

  it('binds system variables: current user, organisation, subordinates, time, form id', async () => {
    const id = await api.create(
      DI,
      sql(
        `select @user as me, @organize as org, @currentTime as now, @formId as form, cardinality(array[@userAndSubordinates]) as team, @keyword as kw`,
      ),
    );
    const res = await api.post<{ me: string; now: number; form: string; team: number }[]>(
      `${DI}/${id}/Actions/Preview`,
      {
        paramList: [],
        formId: "f1' or 1=1",
      },
    );
    expect(res.code, res.msg).toBe(200);
    const row = res.data![0]!;
    const [me] = await ctx().database.query<{ id: string }>(`select id from base_user where account = 'admin'`);
    expect(row.me).toBe(me!.id);
    expect(Math.abs(Number(row.now) - Date.now())).toBeLessThan(60_000);
    expect(row.form).toBe("f1' or 1=1");
    expect(Number(row.team)).toBeGreaterThanOrEqual(1);
  });

  it('pages with the generated count and a keyword, finds rows by ids, lists fields', async () => {
    const id = await api.create(DI, body());
    const page = await api.post<Page<{ id: string; n: number }>>(`${DI}/${id}/Actions/List`, {
      currentPage: 2,
      pageSize: 3,
      keyword: '名称1',
      relationField: 'full_name',
      columnOptions: 'id',
      paramList: [],
    });
    expect(page.code, page.msg).toBe(200);
    expect(page.data!.pagination).toEqual({ currentPage: 2, pageSize: 3, total: 11 });
    expect(page.data!.list.map((r) => r.n)).toEqual([12, 13, 14]);
    // the count travels beside the page in the same query but never shows in a row
    expect(Object.keys(page.data!.list[0]!).some((k) => k.startsWith('jnpf_'))).toBe(false);
    // past the last page: no row, the total still told
    const beyond = await api.post<Page>(`${DI}/${id}/Actions/List`, {
      currentPage: 9,
      pageSize: 3,
      keyword: '名称1',
      relationField: 'full_name',
    });
    expect([beyond.data!.list, beyond.data!.pagination.total]).toEqual([[], 11]);
    // a LIKE wildcard in the keyword matches literally
    expect(
      (await api.post<Page>(`${DI}/${id}/Actions/List`, { keyword: '%', relationField: 'full_name' })).data!.pagination
        .total,
    ).toBe(0);
    const byIds = await api.post<{ id: string }[]>(`${DI}/${id}/Actions/InfoByIds`, {
      ids: 'r3,r5,nope',
      propsValue: 'id',
    });
    expect(byIds.data!.map((r) => r.id).sort()).toEqual(['r3', 'r5']);
    expect(
      (await api.post(`${DI}/${id}/Actions/List`, { keyword: 'x', relationField: 'id"; drop table x; --' })).code,
    ).toBe(400);
    expect((await api.post<string[]>(`${DI}/${id}/Actions/GetFields`, {})).data).toEqual(['id', 'full_name', 'n']);
  });

  it('pages with its own SQL and count query (hasPage, @offsetSize, @pageSize, dataCountJson)', async () => {
    const id = await api.create(
      DI,
      sql(
        `select id, n from ${table} where full_name like '%' || @keyword || '%' order by n limit @pageSize offset @offsetSize`,
        {
          hasPage: 1,
          dataCountJson: `select count(*) from ${table} where full_name like '%' || @keyword || '%'`,
        },
      ),
    );
    const page = await api.post<Page<{ n: number }>>(`${DI}/${id}/Actions/List`, {
      currentPage: 3,
      pageSize: 4,
      keyword: '',
    });
    expect(page.code, page.msg).toBe(200);
    expect(page.data!.pagination.total).toBe(40);
    expect(page.data!.list.map((r) => r.n)).toEqual([9, 10, 11, 12]);
  });

  it('finds rows by ids through the echo query (dataEchoJson, @showValue)', async () => {
    const id = await api.create(
      DI,
      body({ dataEchoJson: `select id, full_name || '(回显)' as full_name from ${table} where id = @showValue` }),
    );
    const rows = await api.post<{ id: string; full_name: string }[]>(`${DI}/${id}/Actions/InfoByIds`, {
      ids: ['r4', "r5' or '1'='1"],
      propsValue: 'id',
    });
    expect(rows.data).toEqual([{ id: 'r4', full_name: '名称4(回显)' }]);
    expect(
      (await api.post(DI, body({ dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: 'nope', sql: 'select 1' } }) })))
        .msg,
    ).toBe('数据连接不存在');
  });

  it('refuses writing words, protected platform tables and huge results; syntax errors are clear', async () => {
    expect((await api.post(DI, sql(`update ${table} set n = 0`))).msg).toBe('当前SQL含有敏感字：update');
    expect((await api.post(DI, sql('select * from base_session'))).msg).toBe(
      '当前SQL涉及受保护的平台数据：base_session',
    );
    expect((await api.post(DI, sql('select account, password_hash from base_user'))).msg).toBe(
      '当前SQL涉及受保护的平台数据：password_hash',
    );
    expect((await api.post(DI, sql(`select pg_read_file('/etc/passwd')`))).msg).toMatch(/pg_read_file/);
    expect((await api.post(DI, sql(`select set_config('statement_timeout', '0', true)`))).msg).toMatch(/set_config/);
    expect((await api.post(DI, sql('select pg_sleep(100)'))).msg).toBe('当前SQL涉及受保护的平台数据：pg_sleep');
    const huge = await api.create(DI, sql('select g from generate_series(1, 20000) g'));
    expect((await api.post(`${DI}/${huge}/Actions/Preview`, { paramList: [] })).msg).toBe(
      '查询结果超过10000行，请增加条件或分页',
    );
    const broken = await api.create(DI, sql('select nope from nowhere_table_x'));
    const res = await api.post(`${DI}/${broken}/Actions/Preview`, { paramList: [] });
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^SQL执行失败：/);
    // a write slipping past the words (a function) is stopped by the read-only transaction
    const sneaky = await api.create(DI, sql(`select nextval('${table}_seq_missing')`));
    expect((await api.post(`${DI}/${sneaky}/Actions/Preview`, { paramList: [] })).code).toBe(400);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'cancels a statement running longer than 5 s (PostgreSQL)',
    async () => {
      const slow = await api.create(DI, sql('select count(*) as n from generate_series(1, 3000000000) g'));
      const started = Date.now();
      const [res, meanwhile] = await Promise.all([
        api.post(`${DI}/${slow}/Actions/Preview`, { paramList: [] }),
        api.get(DI),
      ]);
      expect(res.msg).toBe('SQL执行超时（超过5秒），已取消');
      expect(meanwhile.code).toBe(200);
      expect(Date.now() - started).toBeLessThan(9000);
    },
    20_000,
  );

  it('writing SQL (action 1 增加, 2 修改, 4 删除) only by the administrator, never on protected tables', async () => {
    const id = await api.create(DI, sql(`update ${table} set owner = {name} where id = 'r1'`, { action: 2 }));
    const res = await api.post<{ rowCount: number }>(`${DI}/${id}/Actions/Preview`, {
      paramList: [{ field: 'name', defaultValue: 'x' }],
    });
    expect(res.data).toEqual({ rowCount: 1 });
    expect((await api.post(DI, sql(`update base_user set account = 'x'`, { action: 2 }))).msg).toMatch(
      /受保护的平台数据：base_user/,
    );
    expect((await api.post(DI, sql(`drop table ${table}`, { action: 4 }))).msg).toBe('当前SQL含有敏感字：drop');
    const staff = await signedInUser(server, {}, { grants: { 'systemData.dataInterface': ['btn_add', 'btn_edit'] } });
    const asStaff = await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [] }, { token: staff.token });
    expect(asStaff.msg).toBe('写入类SQL接口只能由管理员执行');
    expect((await api.post(DI, sql(`update ${table} set n = 1`, { action: 2 }), { token: staff.token })).msg).toBe(
      '写入类SQL接口只能由管理员执行',
    );
    // a file carries the writing interface to the administrator's import, never to another importer's
    const exported = await api.get<{ url: string }>(`${DI}/${id}/Actions/Export`);
    const file = await (await fetch(`${server.baseUrl}${exported.data!.url}`)).text();
    const importer = await signedInUser(server, {}, { grants: { 'systemData.dataInterface': ['btn_import'] } });
    const importAs = (token: string) =>
      upload<{ snum: number }>(server, `${DI}/Actions/Import`, [{ name: 'w.bdi', content: file }], {
        token,
        fields: { type: '1' },
      });
    expect((await importAs(importer.token)).msg).toBe('写入类SQL接口只能由管理员执行');
    const imported = await importAs(admin);
    expect([imported.code, imported.data?.snum], imported.msg).toEqual([200, 1]);
  });
});

describe('static interfaces and transforms', () => {
  const staticBody = (data: unknown, patch: Record<string, unknown> = {}) =>
    body({
      type: 2,
      parameterJson: null,
      dataConfigJson: JSON.stringify({ staticData: JSON.stringify(data) }),
      ...patch,
    });
  const rows = Array.from({ length: 25 }, (_, i) => ({ id: `s${i}`, fullName: `项目${i}`, code: i }));

  it('answers static JSON, pages it in memory, and transforms it in the sandbox', async () => {
    const id = await api.create(DI, staticBody(rows, { dataJsJson: '(data) => data.filter((r) => r.code % 2 === 0)' }));
    const preview = await api.post<unknown[]>(`${DI}/${id}/Actions/Preview`, { paramList: [] });
    expect(preview.data).toHaveLength(13);
    const page = await api.post<Page>(`${DI}/${id}/Actions/List`, {
      keyword: '项目1',
      pageSize: 2,
      relationField: 'fullName',
    });
    // 项目1 is odd and filtered out: 项目10, 12, 14, 16, 18
    expect(page.data!.pagination.total).toBe(5);
    expect(page.data!.list.map((r) => r.id)).toEqual(['s10', 's12']);
    expect((await api.post<unknown[]>(`${DI}/${id}/Actions/InfoByIds`, { ids: ['s2', 's3'] })).data).toEqual([rows[2]]);
    expect((await api.post(`${DI}/${id}/Actions/GetFields`, {})).data).toEqual(['id', 'fullName', 'code']);
    const scalar = await api.create(DI, staticBody({ a: 1 }));
    expect((await api.post(`${DI}/${scalar}/Actions/GetFields`, {})).msg).toBe('接口不符合规范！');
  });

  it('a transform that throws, loops or allocates without end is stopped with a clear message', async () => {
    const throws = await api.create(DI, staticBody(rows, { dataJsJson: '(data) => { throw new Error("坏了") }' }));
    expect((await api.post(`${DI}/${throws}/Actions/Preview`, { paramList: [] })).msg).toMatch(
      /^数据处理脚本出错：.*坏了/,
    );
    const loops = await api.create(DI, staticBody(rows, { dataJsJson: '(data) => { for (;;) {} }' }));
    expect((await api.post(`${DI}/${loops}/Actions/Preview`, { paramList: [] })).msg).toBe(
      '数据处理脚本运行超过1秒，已停止',
    );
    const grows = await api.create(DI, staticBody(rows, { dataJsJson: '(d) => { let s = "x"; for (;;) s += s; }' }));
    expect((await api.post(`${DI}/${grows}/Actions/Preview`, { paramList: [] })).msg).toMatch(/内存|超过1秒/);
    const escape = await api.create(
      DI,
      staticBody(rows, {
        dataJsJson:
          '(d) => { try { return [{ p: typeof (0, eval)("this").process, c: typeof d.constructor.constructor("return process")() }] } catch (e) { return [{ e: String(e) }] } }',
      }),
    );
    expect(JSON.stringify((await api.post(`${DI}/${escape}/Actions/Preview`, { paramList: [] })).data)).not.toContain(
      'object',
    );
    const checked = await api.create(DI, staticBody(rows, { dataExceptionJson: '(data) => data.length > 100' }));
    expect((await api.post(`${DI}/${checked}/Actions/Preview`, { paramList: [] })).msg).toBe('接口数据异常校验未通过');
    // and the server keeps serving
    expect((await api.get(DI)).code).toBe(200);
  });
});

describe('variables', () => {
  it('creates, lists, reads, updates, copies, exports and deletes with the name rules', async () => {
    const owner = await api.create(
      DI,
      body({ type: 2, parameterJson: null, dataConfigJson: JSON.stringify({ staticData: '{"token":"t-1"}' }) }),
    );
    const name = unique('tok');
    const created = await api.post<string>(V, {
      interfaceId: owner,
      fullName: name,
      expression: 'data.token',
      value: '',
    });
    expect(created.code, created.msg).toBe(200);
    expect((await api.post(V, { interfaceId: owner, fullName: name })).msg).toBe('变量名已存在');
    expect((await api.post(V, { interfaceId: owner, fullName: 'a@b' })).msg).toMatch(/变量名不能包含敏感字符/);
    expect((await api.post(V, { interfaceId: 'nope', fullName: unique('v') })).msg).toBe('数据接口不存在');
    const list = await api.get<{ list: { id: string; fullName: string }[] }>(`${V}/${owner}`);
    expect(list.data!.list.map((v) => v.fullName)).toEqual([name]);
    const info = await api.get<{ expression: string; version: number }>(`${V}/${created.data}/Info`);
    expect(info.data!.expression).toBe('data.token');
    expect(
      (
        await api.put(`${V}/${created.data}`, {
          interfaceId: owner,
          fullName: name,
          expression: 'data.token',
          value: 'v',
          version: 0,
        })
      ).code,
    ).toBe(200);
    const copy = await api.post<string>(`${V}/${created.data}/Actions/Copy`);
    expect(copy.msg).toBe('复制成功');
    const selector = await api.get<{ id: string; children: { fullName: string }[] }[]>(`${V}/Selector`);
    expect(selector.data!.find((i) => i.id === owner)!.children).toHaveLength(2);
    const exported = await api.get<{ name: string; url: string }>(`${V}/${created.data}/Actions/Export`);
    const file = await (await fetch(`${server.baseUrl}${exported.data!.url}`)).text();
    const imported = await upload<{ snum: number }>(server, `${V}/Actions/Import`, [{ name: 'v.bdv', content: file }], {
      token: admin,
      fields: { type: '1' },
    });
    expect(imported.data!.snum).toBe(1);
    expect((await api.delete(`${V}/${copy.data}`)).msg).toBe('删除成功');
  });
});

describe('call logs and who may call', () => {
  it('logs every call with time, user, address, device, method and duration, paged per interface', async () => {
    const id = await api.create(DI, body());
    await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [] });
    await api.post(`${DI}/${id}/Actions/List`, { pageSize: 2 });
    await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [{ field: 'minN', defaultValue: 'x' }] });
    const logs = await api.get<Page<Record<string, unknown>>>(`/api/system/DataInterfaceLog/${id}`, {
      query: { pageSize: 2 },
    });
    expect(logs.data!.pagination.total).toBe(3);
    expect(logs.data!.list).toHaveLength(2);
    expect(logs.data!.list[0]).toMatchObject({
      invokType: 'POST',
      userId: expect.stringContaining('/admin'),
      success: 0,
    });
    expect(typeof logs.data!.list[0]!.invokWasteTime).toBe('number');
    expect(logs.data!.list[0]!.invokIp).toBe(server.clientIp);
  });

  it('drops logs older than DATA_INTERFACE_LOG_DAYS', async () => {
    const id = await api.create(DI, body());
    await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [] });
    const old = Date.now() - (ctx().config.dataInterface.logDays + 1) * 24 * 3600 * 1000;
    await ctx().database.query(`update base_data_interface_log set invok_time = $1 where interface_id = $2`, [old, id]);
    await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [] });
    expect(await purgeLogs(ctx())).toBeGreaterThanOrEqual(1);
    const logs = await api.get<Page>(`/api/system/DataInterfaceLog/${id}`);
    expect(logs.data!.pagination.total).toBe(1);
  });

  it('List needs a menu using the interface (dynamicOptions.test); Preview and the records need the menu', async () => {
    const id = await api.create(DI, body());
    const nobody = await signedInUser(server);
    expect((await api.post(`${DI}/${id}/Actions/List`, {}, { token: nobody.token })).msg).toBe('没有访问权限');
    expect((await api.post(`${DI}/${id}/Actions/InfoByIds`, { ids: ['r1'] }, { token: nobody.token })).msg).toBe(
      '没有访问权限',
    );
    const clerk = await signedInUser(server, {}, { grants: { 'system.area': [] } });
    // a menu whose form does not use the interface gives no right to it
    expect((await api.post(`${DI}/${id}/Actions/List`, {}, { token: clerk.token })).msg).toBe('没有访问权限');
    expect((await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [] }, { token: clerk.token })).msg).toBe(
      '没有访问权限',
    );
    expect((await api.get(DI, { token: clerk.token })).msg).toBe('没有访问权限');
    await grantMenus(ctx(), clerk.id, { 'systemData.dataInterface': [] });
    expect((await api.post(`${DI}/${id}/Actions/Preview`, { paramList: [] }, { token: clerk.token })).code).toBe(200);
    expect((await api.post(DI, body(), { token: clerk.token })).msg).toBe('没有访问权限');
  });
});
