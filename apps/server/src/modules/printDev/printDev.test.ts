// Print templates over HTTP against the real database: the screen's calls (list, info, create, update, state,
// copy, delete, export and import, Selector, getListOptions), the field tree and print data of SQL templates
// (run read-only with @formId bound; writing words, protected tables, over-long and slow SQL refused) and of
// released online forms (sub-tables as lists; only the records and fields the caller may read), batches and
// their limit, and the print log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../test/kit/designServer.js';
import { mainSystemId, findMenuId } from '../../../test/kit/menus.js';
import { createReleased, recordsAs } from '../../../test/kit/released.js';
import { upload } from '../../../test/kit/uploads.js';
import { field, sampleForm } from '../../../test/kit/visualdev.js';

useDesignServer();

const B = '/api/system/printDev';
const LOG = '/api/system/printLog';
const head = `print_h_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
const lines = `${head}_l`;

interface PrintData {
  printData: Record<string, unknown> & { T1?: Record<string, unknown>[] };
  printTemplate: string;
  operatorRecordList: unknown[];
}

const sqlTemplate = (...queries: string[]) => JSON.stringify(queries.map((sql) => ({ sql })));

const body = (patch: Record<string, unknown> = {}) => ({
  fullName: unique('送货单'),
  enCode: unique('ph'),
  category: 'form',
  type: 2,
  sortCode: 0,
  enabledMark: 1,
  dbLinkId: '0',
  sqlTemplate: sqlTemplate(
    `select id, title, amount from ${head} where id = @formId`,
    `select name, qty from ${lines} where head_id = @formId order by qty`,
  ),
  printTemplate: '<p>{title}</p>',
  pageParam: JSON.stringify({ type: '2', width: '210', height: '297', mt: '10', mb: '10', ml: '10', mr: '10' }),
  description: '',
  ...patch,
});

beforeAll(async () => {
  const q = ctx().database.query;
  await q(`create table ${head} (id text primary key, title text, amount numeric)`);
  await q(`create table ${lines} (head_id text, name text, qty int)`);
  await q(`insert into ${head} values ('h1', '一号单', 12.5), ('h2', '二号单', 3)`);
  await q(`insert into ${lines} values ('h1', '苹果', 2), ('h1', '梨', 1), ('h2', '桃', 5)`);
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${lines}`);
  await ctx().database.query(`drop table if exists ${head}`);
});

describe('templates on the screen', () => {
  it('creates, lists with filters, reads, updates, toggles, copies and deletes', async () => {
    const input = body();
    const created = await api.post<string>(B, input);
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data!;

    const listed = await api.get<{ list: Record<string, unknown>[]; pagination: { total: number } }>(B, {
      query: { keyword: input.enCode, category: 'form', enabledMark: 1 },
    });
    expect(listed.data!.list).toHaveLength(1);
    expect(listed.data!.list[0]).toMatchObject({
      id,
      fullName: input.fullName,
      enCode: input.enCode,
      category: '功能表单',
      enabledMark: 1,
      creatorUser: expect.stringContaining('admin'),
    });
    expect(
      (await api.get<{ list: unknown[] }>(B, { query: { keyword: input.enCode, category: 'flow' } })).data!.list,
    ).toEqual([]);
    expect(
      (await api.get<{ list: unknown[] }>(B, { query: { keyword: input.enCode, enabledMark: 0 } })).data!.list,
    ).toEqual([]);

    const info = await api.get<Record<string, unknown>>(`${B}/${id}`);
    expect(info.data).toMatchObject({ id, sqlTemplate: input.sqlTemplate, pageParam: input.pageParam, version: 0 });

    const updated = await api.put(`${B}/${id}`, { ...input, printTemplate: '<h1>{title}</h1>', version: 0 });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api.get<{ printTemplate: string }>(`${B}/${id}`)).data!.printTemplate).toBe('<h1>{title}</h1>');

    expect((await api.put(`${B}/${id}/Actions/State`)).msg).toBe('更新状态成功');
    expect((await api.get<{ enabledMark: number }>(`${B}/${id}`)).data!.enabledMark).toBe(0);
    await api.put(`${B}/${id}/Actions/State`);

    const copied = await api.post<string>(`${B}/${id}/Actions/Copy`);
    expect(copied.msg).toBe('复制成功');
    const copy = await api.get<{ fullName: string; enCode: string; enabledMark: number }>(`${B}/${copied.data}`);
    expect(copy.data!.fullName).toMatch(new RegExp(`^${input.fullName}\\.副本[0-9a-f]{5}$`));
    expect(copy.data!.enCode).toMatch(new RegExp(`^${input.enCode}\\.[0-9a-f]{5}$`));
    expect(copy.data!.enabledMark).toBe(0);

    expect((await api.delete(`${B}/${copied.data}`)).msg).toBe('删除成功');
    expect((await api.get(`${B}/${copied.data}`)).code).toBe(400);
    expect((await api.post(`${B}/${copied.data}/Actions/Copy`)).msg).toBe('复制失败，数据不存在');
  });

  it('stores the template body through the rich-text allow-list, keeping its placeholders', async () => {
    const placeholder = '<span class="wk-print-tag-wukong" data-tag="headTable.title" title="标题">{title}</span>';
    const input = body({
      printTemplate:
        `<p onclick="steal()">${placeholder}<script>alert(1)</script>` +
        '<span class="wk-print-tag-wukong other" data-tag="no tag" contenteditable="false">{x}</span>' +
        '&lt;qrCode width="100"&gt;{title}&lt;/qrCode&gt;<img src="javascript:alert(1)"><iframe src="//x"></iframe></p>',
    });
    const id = (await api.post<string>(B, input)).data!;
    const stored = (await api.get<{ printTemplate: string; version: number }>(`${B}/${id}`)).data!;
    expect(stored.printTemplate).toBe(
      `<p>${placeholder}<span class="wk-print-tag-wukong">{x}</span>&lt;qrCode width="100"&gt;{title}&lt;/qrCode&gt;</p>`,
    );
    await api.put(`${B}/${id}`, {
      ...input,
      printTemplate: '<p style="color:red;position:fixed">{title}</p>',
      version: 0,
    });
    expect((await api.get<{ printTemplate: string }>(`${B}/${id}`)).data!.printTemplate).toBe(
      '<p style="color:red">{title}</p>',
    );
    // Data answers what was stored: never the script that was sent
    const data = await api.get<PrintData>(`${B}/Data`, { query: { id, formId: 'h1' } });
    expect(data.data!.printTemplate).toBe('<p style="color:red">{title}</p>');
    await api.delete(`${B}/${id}`);
  });

  it('exports a .bpd file and imports it (a clash skipped, or appended as a copy)', async () => {
    const input = body();
    const id = await api.create(B, input);
    const exported = await api.get<{ name: string; url: string }>(`${B}/${id}/Actions/Export`);
    expect(exported.data!.name).toMatch(/\.bpd$/);
    const file = await (await fetch(`${server.baseUrl}${exported.data!.url}`)).text();
    expect(JSON.parse(file)).toMatchObject({
      format: 'jnpf-print-template',
      version: 1,
      printTemplate: { enCode: input.enCode, sqlTemplate: input.sqlTemplate },
    });
    const skipped = await upload(server, `${B}/Actions/Import`, [{ name: 'p.bpd', content: file }], { token: admin });
    expect(skipped.msg).toBe('模板名称或编码已存在，已跳过');
    const added = await upload<{ snum: number; id: string }>(
      server,
      `${B}/Actions/Import`,
      [{ name: 'p.bpd', content: file }],
      { token: admin, fields: { type: '1' } },
    );
    expect(added.data!.snum).toBe(1);
    const wrong = await upload(server, `${B}/Actions/Import`, [{ name: 'p.bpd', content: '{"format":"x"}' }], {
      token: admin,
    });
    expect(wrong.msg).toBe('文件不是打印模板导出的文件');
  });

  it('refuses a missing category, a bad page setting, writing SQL, protected tables and over-long SQL', async () => {
    expect((await api.post(B, body({ category: 'nope' }))).msg).toBe('分类不存在');
    expect((await api.post(B, body({ pageParam: '[1' }))).msg).toBe('页面参数格式不正确');
    expect((await api.post(B, body({ sqlTemplate: '{"sql":1}' }))).msg).toBe('SQL模板格式不正确');
    expect((await api.post(B, body({ sqlTemplate: sqlTemplate(`delete from ${head}`) }))).msg).toBe(
      '当前查询SQL包含敏感字：delete',
    );
    expect(
      (await api.post(B, body({ sqlTemplate: sqlTemplate(`select 1 as a`, `select * from base_session`) }))).msg,
    ).toBe('当前SQL涉及受保护的平台数据：base_session');
    expect((await api.post(B, body({ sqlTemplate: sqlTemplate('select 1; select 2') }))).msg).toBe(
      'SQL只能包含一条语句',
    );
    const long = `select id from ${head} where ${Array.from({ length: 800 }, (_, i) => `id <> 'x${i}'`).join(' and ')}`;
    expect((await api.post(B, body({ sqlTemplate: sqlTemplate(long) }))).msg).toBe('SQL语句过长，最多10000个字符');
    expect((await api.post(B, body({ sourceType: 2, formModelId: '' }))).msg).toBe('请选择在线表单');
    const duplicate = body();
    await api.create(B, duplicate);
    expect((await api.post(B, { ...body(), enCode: duplicate.enCode })).msg).toBe('编码不能重复');
  });

  it('Selector groups enabled templates by category; getListOptions answers the enabled ones asked', async () => {
    const on = await api.create(B, body({ category: 'report' }));
    const off = await api.create(B, body({ category: 'report', enabledMark: 0 }));
    const selector = await api.get<{
      list: { fullName: string; enCode: string; num: number; children: { id: string }[] }[];
    }>(`${B}/Selector`, { query: { type: 2 } });
    const report = selector.data!.list.find((c) => c.enCode === 'report')!;
    expect(report.fullName).toBe('业务单据');
    expect(report.children.map((c) => c.id)).toContain(on);
    expect(report.children.map((c) => c.id)).not.toContain(off);
    expect(report.num).toBe(report.children.length);
    expect((await api.get<{ list: unknown[] }>(`${B}/Selector`, { query: { type: 1 } })).data!.list).toEqual([]);
    const options = await api.post<{ id: string; fullName: string }[]>(`${B}/getListOptions`, { ids: [off, on] });
    expect(options.data!.map((o) => o.id)).toEqual([on]);
  });

  it('the screen needs its menu; printing a form template needs only a sign-in', async () => {
    const viewer = await signedInUser(server);
    expect((await call(server, 'GET', B, { token: viewer.token })).msg).toBe('没有访问权限');
    expect((await call(server, 'POST', B, { token: viewer.token, json: body() })).msg).toBe('没有访问权限');
    const sqlId = await api.create(B, body());
    // SQL reaches past any form's data permissions: only the templates' keepers print with it
    const refused = await call(server, 'GET', `${B}/Data`, { token: viewer.token, query: { id: sqlId, formId: 'h1' } });
    expect(refused.msg).toBe('没有权限使用该打印模板');
  });
});

describe('SQL templates', () => {
  it('Fields lists the main query and each child list, even when nothing is found', async () => {
    const tree = await api.post<{ id: string; fullName: string; children: { id: string; parentId: string }[] }[]>(
      `${B}/Fields`,
      { dbLinkId: '0', sqlTemplate: body().sqlTemplate },
    );
    expect(tree.code, tree.msg).toBe(200);
    expect(tree.data!.map((n) => [n.id, n.fullName])).toEqual([
      ['headTable', `主表:${head}`],
      ['T1', `T1:${lines}`],
    ]);
    expect(tree.data![0]!.children.map((c) => c.id)).toEqual(['id', 'title', 'amount']);
    expect(tree.data![1]!.children).toEqual([
      { id: 'name', parentId: 'T1', fullName: 'name' },
      { id: 'qty', parentId: 'T1', fullName: 'qty' },
    ]);
    const bad = await api.post(`${B}/Fields`, {
      dbLinkId: '0',
      sqlTemplate: sqlTemplate(`update ${head} set title = 'x'`),
    });
    expect(bad.msg).toBe('当前查询SQL包含敏感字：update');
    const secret = await api.post(`${B}/Fields`, {
      dbLinkId: '0',
      sqlTemplate: sqlTemplate('select password_hash from base_user'),
    });
    expect(secret.msg).toBe('当前SQL涉及受保护的平台数据：password_hash');
    expect((await api.post(`${B}/Fields`, { dbLinkId: '0', sqlTemplate: '' })).msg).toBe('请设置主表SQL');
    // the main query's title in the caller's language
    const english = await call<{ id: string; fullName: string }[]>(server, 'POST', `${B}/Fields`, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { dbLinkId: '0', sqlTemplate: body().sqlTemplate },
    });
    expect(english.data!.map((n) => n.fullName)).toEqual([`Main:${head}`, `T1:${lines}`]);
  });

  it('Data fills the main record and its lists with @formId bound; BatchData one object per record', async () => {
    const id = await api.create(B, body());
    const one = await api.get<PrintData>(`${B}/Data`, { query: { id, formId: 'h1' } });
    expect(one.code, one.msg).toBe(200);
    expect(one.data).toEqual({
      printData: {
        id: 'h1',
        title: '一号单',
        amount: expect.anything(),
        T1: [
          { name: '梨', qty: 1 },
          { name: '苹果', qty: 2 },
        ],
      },
      printTemplate: '<p>{title}</p>',
      pageParam: body().pageParam,
      operatorRecordList: [],
    });
    expect(Number(one.data!.printData.amount)).toBe(12.5);
    // a value that tries to escape the bind is only a value: no record has that id
    const injected = await api.get(`${B}/Data`, { query: { id, formId: "h1' or '1'='1" } });
    expect(injected.msg).toBe('打印数据不存在或无权查看');

    const batch = await api.get<PrintData[]>(`${B}/BatchData`, { query: { id, formId: 'h2,h1' } });
    expect(batch.data!.map((d) => d.printData.title)).toEqual(['二号单', '一号单']);
    expect(batch.data![0]!.printData.T1).toEqual([{ name: '桃', qty: 5 }]);
    // an id asked twice prints twice, in the order asked; the body form takes a list
    const twice = await api.get<PrintData[]>(`${B}/BatchData`, { query: { id, formId: 'h2,h1,h2' } });
    expect(twice.data!.map((d) => d.printData.title)).toEqual(['二号单', '一号单', '二号单']);
    const posted = await api.post<PrintData[]>(`${B}/BatchData`, { id, formId: ['h1', 'h1'] });
    expect(posted.data!.map((d) => d.printData.title)).toEqual(['一号单', '一号单']);
  });

  it('refuses a missing or disabled template, a missing record, no record, parameters and 1,000 ids', async () => {
    const id = await api.create(B, body());
    expect((await api.get(`${B}/Data`, { query: { id: 'nope', formId: 'h1' } })).msg).toBe('打印模板不存在');
    expect((await api.get(`${B}/Data`, { query: { id, formId: 'zz' } })).msg).toBe('打印数据不存在或无权查看');
    expect((await api.get(`${B}/Data`, { query: { id } })).msg).toBe('请选择要打印的数据');
    const ids = Array.from({ length: 1001 }, (_, i) => `r${i}`).join(',');
    const tooMany = await api.get(`${B}/BatchData`, { query: { id, formId: ids } });
    expect(tooMany).toMatchObject({ code: 400, msg: '一次最多打印1000条数据' });
    // record ids as long as real ones do not fit a query string: the body form answers the same
    const long = Array.from({ length: 1001 }, (_, i) => `7${String(i).padStart(17, '0')}`);
    expect(await api.post(`${B}/BatchData`, { id, formId: long })).toMatchObject({
      code: 400,
      msg: '一次最多打印1000条数据',
    });
    expect(await api.post(`${B}/BatchData`, { id, formId: long.join(',') })).toMatchObject({
      code: 400,
      msg: '一次最多打印1000条数据',
    });
    const param = await api.create(B, body({ sqlTemplate: sqlTemplate(`select * from ${head} where id = {x}`) }));
    expect((await api.get(`${B}/Data`, { query: { id: param, formId: 'h1' } })).msg).toBe('SQL中的参数x未定义');
    await api.put(`${B}/${id}/Actions/State`);
    expect((await api.get(`${B}/Data`, { query: { id, formId: 'h1' } })).msg).toBe('打印模板已停用');
  });

  it('a query running too long on an outside source is stopped with its message', async () => {
    const source = await api.post<string>('/api/system/DataSource', {
      fullName: unique('MariaDB'),
      dbType: 'MySQL',
      host: '127.0.0.1',
      port: 3306,
      serviceName: 'test',
      userName: 'root',
      password: '',
      connectionLimit: 2,
      sortCode: 0,
      enabledMark: 1,
    });
    expect(source.code, source.msg).toBe(200);
    const id = await api.create(
      B,
      body({ dbLinkId: source.data, sqlTemplate: sqlTemplate('select sleep(8) as s, @formId as id') }),
    );
    const started = Date.now();
    const slow = await api.get(`${B}/Data`, { query: { id, formId: 'h1' } });
    expect(slow.msg).toBe('SQL执行超时（超过5秒），已取消');
    expect(Date.now() - started).toBeLessThan(7500);
  }, 15_000);

  // PGlite cannot cancel a statement, so nothing may sleep there (pg_sleep is refused as on data interfaces)
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a query running too long on the platform database is cancelled; the server keeps answering (PostgreSQL)',
    async () => {
      const id = await api.create(
        B,
        body({
          sqlTemplate: sqlTemplate(
            `select count(*) as n, @formId as id from generate_series(1, 3000000000) g`,
            `select 1 as x`,
          ),
        }),
      );
      const started = Date.now();
      const [slow, meanwhile] = await Promise.all([
        api.get(`${B}/BatchData`, { query: { id, formId: 'h1,h2' } }),
        api.get(B),
      ]);
      expect(slow).toMatchObject({ code: 400, msg: 'SQL执行超时（超过5秒），已取消' });
      expect(meanwhile.code).toBe(200);
      expect(Date.now() - started).toBeLessThan(9000);
    },
    20_000,
  );
});

describe('online-form templates', () => {
  let model: Awaited<ReturnType<typeof createReleased>>;
  let templateId: string;
  let adminRecord: string;

  beforeAll(async () => {
    const fields = [
      field('input', 'title', '标题', { required: true }),
      field('inputNumber', 'amount', '金额'),
      field(
        'select',
        'kind',
        '类型',
        {},
        {
          options: [
            { id: 'a', fullName: '甲类' },
            { id: 'b', fullName: '乙类' },
          ],
        },
      ),
      field('table', 'items', '明细', {
        children: [field('input', 'name', '品名'), field('inputNumber', 'qty', '数量')],
      }),
    ];
    model = await createReleased(server, admin, {
      fullName: unique('打印表单'),
      enCode: unique('pf'),
      type: 1,
      webType: 2,
      category: categoryId,
      sortCode: 0,
      formData: JSON.stringify(sampleForm('none', fields)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [
          { value: 'add', label: '新增' },
          { value: 'batchPrint', label: '批量打印' },
        ],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
        useDataPermission: true,
      }),
    });
    const created = await recordsAs(server, admin).create(model, {
      title: '管理员的单',
      amount: 9,
      kind: 'b',
      items: [
        { name: '螺丝', qty: 100 },
        { name: '螺母', qty: 50 },
      ],
    });
    expect(created.code, created.msg).toBe(200);
    adminRecord = created.data!;
    templateId = await api.create(
      B,
      body({ sourceType: 2, formModelId: model.id, sqlTemplate: '', printTemplate: '<p>{title}</p>' }),
    );
  });

  it('Fields lists the form fields, the system fields and each sub-table as a list', async () => {
    const tree = await api.post<{ id: string; fullName: string; children: { id: string; fullName: string }[] }[]>(
      `${B}/Fields`,
      { formModelId: model.id },
    );
    expect(tree.code, tree.msg).toBe(200);
    expect(tree.data!.map((n) => n.id)).toEqual(['headTable', 'items']);
    expect(tree.data![0]!.children.map((c) => c.id)).toEqual([
      'title',
      'amount',
      'kind',
      'id',
      'creatorUserName',
      'creatorTime',
      'lastModifyTime',
    ]);
    expect(tree.data![1]!.children.map((c) => [c.id, c.fullName])).toEqual([
      ['name', '品名'],
      ['qty', '数量'],
    ]);
    expect(tree.data![0]!.fullName).toMatch(/^主表:打印表单/);
    expect(tree.data![0]!.children.slice(-4).map((c) => c.fullName)).toEqual([
      '主键',
      '创建人',
      '创建时间',
      '修改时间',
    ]);
    // the form's own labels as designed; the tree's own names in the caller's language
    const traditional = await call<{ fullName: string; children: { fullName: string }[] }[]>(
      server,
      'POST',
      `${B}/Fields`,
      { token: admin, headers: { 'jnpf-language': 'zhtw' }, json: { formModelId: model.id } },
    );
    expect(traditional.data![0]!.fullName).toMatch(/^主表:打印表单/);
    expect(traditional.data![0]!.children.map((c) => c.fullName)).toEqual([
      '标题',
      '金额',
      '类型',
      '主鍵',
      '創建人',
      '創建時間',
      '修改時間',
    ]);
    const en = await call<{ fullName: string; children: { fullName: string }[] }[]>(server, 'POST', `${B}/Fields`, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { formModelId: model.id },
    });
    expect(en.data![0]!.fullName).toMatch(/^Main:打印表单/);
    expect(en.data![0]!.children.slice(-4).map((c) => c.fullName)).toEqual([
      'ID',
      'Created by',
      'Created at',
      'Modified at',
    ]);
    expect((await api.post(`${B}/Fields`, { formModelId: 'nope' })).msg).toBe('该功能未发布');
  });

  it('Data shows the record as the form does: labels, sub-table rows, system fields', async () => {
    const res = await api.get<PrintData>(`${B}/Data`, { query: { id: templateId, formId: adminRecord } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.printData).toMatchObject({
      id: adminRecord,
      title: '管理员的单',
      amount: 9,
      kind: '乙类',
      items: [
        { name: '螺丝', qty: 100 },
        { name: '螺母', qty: 50 },
      ],
      creatorUserName: expect.stringContaining('admin'),
    });
    expect(res.data!.printTemplate).toBe('<p>{title}</p>');
  });

  it("prints only the records the caller's data permissions reach; others answer as missing", async () => {
    const systemId = await mainSystemId(ctx());
    const onlineDev = await findMenuId(ctx(), 'onlineDev');
    const [field] = await ctx().database.query<{ id: string }>(
      `select id from base_module_data_authorize where module_id = $1 and en_code = 'creatorUserId'`,
      [model.menuId],
    );
    const scheme = await api.post<string>('/api/system/ModuleDataAuthorizeScheme', {
      moduleId: model.menuId,
      fullName: unique('本人'),
      enCode: unique('own'),
      matchLogic: 'and',
      conditionJson: [
        { logic: 'and', groups: [{ id: field!.id, field: 'creatorUserId', op: '==', value: '@userId' }] },
      ],
    });
    expect(scheme.code, scheme.msg).toBe(200);
    const staff = await signedInUser(server);
    const granted = await api.put(`/api/permission/Authority/Data/${staff.id}`, {
      objectType: 'User',
      systemIds: [systemId],
      module: [onlineDev, model.menuId],
      button: Object.values(model.buttons),
      resource: [scheme.data],
    });
    expect(granted.code, granted.msg).toBe(200);
    const own = await recordsAs(server, staff.token).create(model, { title: '员工的单', items: [] });
    expect(own.code, own.msg).toBe(200);

    const as = (query: Record<string, string>) =>
      call<PrintData[]>(server, 'GET', `${B}/BatchData`, {
        token: staff.token,
        query,
      });
    const mine = await as({ id: templateId, formId: own.data! });
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data!.map((d) => d.printData.title)).toEqual(['员工的单']);
    // the administrator's record is outside the scheme: the whole batch is refused, nothing of it shown
    const theirs = await as({ id: templateId, formId: `${own.data},${adminRecord}` });
    expect(theirs).toMatchObject({ code: 400, msg: '打印数据不存在或无权查看' });
    expect(JSON.stringify(theirs)).not.toContain('管理员的单');
    // the menu the page runs under is named: the same scope
    const named = await as({ id: templateId, formId: `${own.data},${own.data}`, menuId: model.menuId });
    expect(named.data!.map((d) => d.printData.title)).toEqual(['员工的单', '员工的单']);
    // one record prints through Data (the form's 打印, a batch of one), several through BatchData: the same
    // answer for a record, under the same checks, with and without the page's menu
    for (const menuId of ['', model.menuId]) {
      const single = (formId: string) =>
        call<PrintData>(server, 'GET', `${B}/Data`, {
          token: staff.token,
          query: { id: templateId, formId, menuId },
        });
      const batch = (formId: string) =>
        call<PrintData[]>(server, 'POST', `${B}/BatchData`, {
          token: staff.token,
          json: { id: templateId, formId: [formId], menuId },
        });
      const [one, many] = await Promise.all([single(own.data!), batch(own.data!)]);
      expect(one.code, one.msg).toBe(200);
      expect(one.data!.printData).toMatchObject({ id: own.data, title: '员工的单' });
      expect(many.data).toEqual([one.data]);
      const [outside, outsideBatch] = await Promise.all([single(adminRecord), batch(adminRecord)]);
      expect(outside).toMatchObject({ code: 400, msg: '打印数据不存在或无权查看' });
      expect(outsideBatch).toMatchObject({ code: 400, msg: outside.msg });
      expect(JSON.stringify([outside, outsideBatch])).not.toContain('管理员的单');
    }
    // a user granted no menu of the form is refused, whatever the record
    const stranger = await signedInUser(server);
    for (const formId of [own.data!, adminRecord]) {
      const none = await call(server, 'GET', `${B}/Data`, {
        token: stranger.token,
        query: { id: templateId, formId },
      });
      expect(none).toMatchObject({ code: 400, msg: '没有权限打印该功能的数据' });
      expect(JSON.stringify(none)).not.toMatch(/员工的单|管理员的单/);
      const noneBatch = await call(server, 'POST', `${B}/BatchData`, {
        token: stranger.token,
        json: { id: templateId, formId: [formId] },
      });
      expect(noneBatch).toMatchObject({ code: 400, msg: none.msg });
    }
  });
});

describe('online-form templates with form permission', () => {
  it('prints only the form items granted to the caller', async () => {
    const fields = [field('input', 'title', '标题'), field('input', 'secret', '机密')];
    const model = await createReleased(server, admin, {
      fullName: unique('表单权限'),
      enCode: unique('pp'),
      type: 1,
      webType: 2,
      category: categoryId,
      sortCode: 0,
      formData: JSON.stringify(sampleForm('none', fields)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
        useFormPermission: true,
      }),
    });
    const record = await recordsAs(server, admin).create(model, { title: '公开', secret: '不可见' });
    expect(record.code, record.msg).toBe(200);
    const template = await api.create(B, body({ sourceType: 2, formModelId: model.id, sqlTemplate: '' }));
    const staff = await signedInUser(server);
    const granted = await api.put(`/api/permission/Authority/Data/${staff.id}`, {
      objectType: 'User',
      systemIds: [await mainSystemId(ctx())],
      module: [await findMenuId(ctx(), 'onlineDev'), model.menuId],
      form: [model.forms.title],
    });
    expect(granted.code, granted.msg).toBe(200);
    const res = await call<PrintData>(server, 'GET', `${B}/Data`, {
      token: staff.token,
      query: { id: template, formId: record.data! },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.printData.title).toBe('公开');
    expect(res.data!.printData).not.toHaveProperty('secret');
    expect(JSON.stringify(res)).not.toContain('不可见');
  });
});

describe('online-form templates: buttons, columns and times', () => {
  it('a batch needs 批量打印; hidden columns stay empty; dates and times print in their formats', async () => {
    const fields = [
      field('input', 'title', '标题'),
      field('input', 'secret', '机密'),
      field('datePicker', 'day', '日期', {}, { type: 'date', format: 'yyyy-MM-dd' }),
      field('datePicker', 'stamp', '时间戳', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm' }),
      field('timePicker', 'at', '时刻', {}, { format: 'HH:mm' }),
    ];
    const model = await createReleased(server, admin, {
      fullName: unique('批量打印'),
      enCode: unique('pb'),
      type: 1,
      webType: 2,
      category: categoryId,
      sortCode: 0,
      formData: JSON.stringify(sampleForm('none', fields)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [
          { prop: 'title', label: '标题', jnpfKey: 'input' },
          { prop: 'secret', label: '机密', jnpfKey: 'input' },
        ],
        searchList: [],
        btnsList: [{ value: 'batchPrint', label: '批量打印' }],
        columnBtnsList: [{ value: 'detail', label: '详情' }],
        hasPage: true,
        pageSize: 20,
        useBtnPermission: true,
        useColumnPermission: true,
      }),
    });
    expect(Object.keys(model.buttons).sort()).toEqual(['btn_batchPrint', 'btn_detail']);
    const day = new Date(2026, 2, 5).getTime();
    const stamp = new Date(2026, 2, 5, 14, 7, 9).getTime();
    const ids: string[] = [];
    for (const title of ['甲', '乙']) {
      const created = await recordsAs(server, admin).create(model, {
        title,
        secret: '不可见',
        day,
        stamp,
        at: '09:30:00',
      });
      expect(created.code, created.msg).toBe(200);
      ids.push(created.data!);
    }
    const template = await api.create(B, body({ sourceType: 2, formModelId: model.id, sqlTemplate: '' }));
    const staff = await signedInUser(server);
    const grant = async (button: string[]) => {
      const granted = await api.put(`/api/permission/Authority/Data/${staff.id}`, {
        objectType: 'User',
        systemIds: [await mainSystemId(ctx())],
        module: [await findMenuId(ctx(), 'onlineDev'), model.menuId],
        button,
        column: [model.columns.title],
      });
      expect(granted.code, granted.msg).toBe(200);
    };
    await grant([model.buttons.btn_detail!]);
    const as = <T>(path: string, query: Record<string, string>) =>
      call<T>(server, 'GET', `${B}/${path}`, {
        token: staff.token,
        query: { id: template, menuId: model.menuId, ...query },
      });

    const one = await as<PrintData>('Data', { formId: ids[0]! });
    expect(one.code, one.msg).toBe(200);
    expect(one.data!.printData).toMatchObject({
      title: '甲',
      day: '2026-03-05',
      stamp: '2026-03-05 14:07',
      at: '09:30',
    });
    expect(one.data!.printData.creatorTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the column the list keeps from the caller is not printed
    expect(one.data!.printData).not.toHaveProperty('secret');
    expect(JSON.stringify(one)).not.toContain('不可见');

    const refused = await as('BatchData', { formId: ids.join(',') });
    expect(refused).toMatchObject({ code: 400, msg: '没有批量打印的权限' });
    await grant([model.buttons.btn_detail!, model.buttons.btn_batchPrint!]);
    const batch = await as<PrintData[]>('BatchData', { formId: [ids[1], ids[0], ids[1]].join(',') });
    expect(batch.code, batch.msg).toBe(200);
    expect(batch.data!.map((d) => d.printData.title)).toEqual(['乙', '甲', '乙']);
    expect(JSON.stringify(batch)).not.toContain('不可见');
    // designers print every column
    const all = await api.get<PrintData>(`${B}/Data`, { query: { id: template, formId: ids[0]! } });
    expect(all.data!.printData.secret).toBe('不可见');
  });
});

describe('print log', () => {
  it('saves who printed how many with a template, and pages the log newest first', async () => {
    const id = await api.create(B, body());
    const printer = await signedInUser(server);
    const saved = await call(server, 'POST', `${LOG}/save`, {
      token: printer.token,
      json: { printId: id, printTitle: '送货单打印', printNum: 3, formId: 'h1,h2,h1' },
    });
    expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
    expect((await api.post(`${LOG}/save`, { printId: id, printNum: 1 })).code).toBe(200);
    expect((await api.post(`${LOG}/save`, { printId: 'nope', printNum: 1 })).msg).toBe('打印模板不存在');
    expect((await api.post(`${LOG}/save`, { printId: id, printNum: 0 })).code).toBe(401);

    const log = await api.get<{
      list: { printTitle: string; printNum: number; creatorUser: string; creatorTime: number }[];
      pagination: { total: number; pageSize: number };
    }>(`${LOG}/${id}`, { query: { currentPage: 1, pageSize: 1 } });
    expect(log.data!.pagination).toMatchObject({ total: 2, pageSize: 1 });
    expect(log.data!.list).toHaveLength(1);
    const all = await api.get<{ list: { printTitle: string; printNum: number; creatorUser: string }[] }>(
      `${LOG}/${id}`,
    );
    expect(all.data!.list.map((r) => [r.printTitle, r.printNum])).toEqual([
      [expect.any(String), 1],
      ['送货单打印', 3],
    ]);
    expect(all.data!.list[1]!.creatorUser).toContain(printer.account);
    // the log is the template screen's
    expect((await call(server, 'GET', `${LOG}/${id}`, { token: printer.token })).msg).toBe('没有访问权限');
  });
});
