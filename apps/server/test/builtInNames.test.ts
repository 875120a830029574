// What the platform seeds is served in the caller's language (jnpf-language zh | zhtw | en): the built-in menus
// and their buttons in CurrentUser (the shell's menu, tags and breadcrumbs), the menu admin lists and the grant
// wizard, the seeded dictionaries in their lists and pickers, the main application. A name an administrator gave
// is shown as given in every language. And every name the platform seeds has its translations in core.
import {
  BUILT_IN_DICTIONARY_NAMES,
  BUILT_IN_ORGANIZE_NAMES,
  BUILT_IN_SYSTEM_NAMES,
  BUILT_IN_USER_NAMES,
  BUTTON_NAMES,
  MENU_NAMES_BY_CODE,
  type CurrentUserResult,
  type Language,
  type Localized,
} from '@jnpf/core';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dictionaryData,
  dictionaryType,
  module,
  moduleButton,
  organize,
  system,
  user,
} from '../src/db/schema/index.js';
import { call, client, signIn, startTestServer, unique, type TestServer } from './harness.js';
import { headOffice } from './kit/directory.js';
import { createDepartment, createPosition, createRole, createUser } from './kit/directoryApi.js';
import { findMenuId, mainSystemId } from './kit/menus.js';
import { createReleased } from './kit/released.js';
import { designBody, field, sampleForm } from './kit/visualdev.js';
import { dictionaryItems } from '../src/modules/dictionary/byCode.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

const get = <T>(path: string, lang: Language, query?: Record<string, string>) =>
  call<T>(server, 'GET', path, { token: admin, headers: { 'jnpf-language': lang }, ...(query ? { query } : {}) });

interface Named {
  id: string;
  fullName: string;
  enCode?: string;
  children?: Named[] | null;
}

/** every node of a tree, depth first */
const flatten = (nodes: readonly Named[] | undefined): Named[] =>
  (nodes ?? []).flatMap((n) => [n, ...flatten(n.children ?? undefined)]);

/** menu code → name, from a menu tree */
const namesByCode = (nodes: readonly Named[]) => new Map(flatten(nodes).map((n) => [n.enCode ?? '', n.fullName]));

async function currentUser(lang: Language) {
  const res = await get<CurrentUserResult>('/api/oauth/CurrentUser', lang);
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const HAN = /\p{Script=Han}/u;

describe('every name the platform seeds has its translations', () => {
  const check = (where: string, names: Localized | undefined, stored: string) => {
    expect(names, `${where}: no zhtw and en names for ${stored}`).toBeDefined();
    expect(names!.zh, `${where}: seeded as ${stored}, translated from ${names!.zh}`).toBe(stored);
  };

  it('menus, their buttons, dictionaries and their items, the main application and the root organisation', async () => {
    const db = server.platform.context.db;
    const menus = await db.select().from(module);
    expect(menus.length).toBeGreaterThan(20);
    for (const m of menus) check(`menu ${m.enCode}`, MENU_NAMES_BY_CODE.get(m.enCode), m.fullName);
    const buttons = await db.select().from(moduleButton);
    expect(buttons.length).toBeGreaterThan(40);
    for (const b of buttons)
      check(`button ${b.enCode}`, BUTTON_NAMES[b.enCode as keyof typeof BUTTON_NAMES], b.fullName);
    const types = await db.select().from(dictionaryType);
    expect(types.length).toBeGreaterThan(10);
    for (const t of types) {
      const dictionary = BUILT_IN_DICTIONARY_NAMES[t.enCode];
      check(`dictionary ${t.enCode}`, dictionary?.name, t.fullName);
      const items = await db.select().from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, t.id));
      for (const i of items) check(`item ${t.enCode}.${i.enCode}`, dictionary?.items[i.enCode], i.fullName);
    }
    for (const s of await db.select().from(system))
      check(`system ${s.enCode}`, BUILT_IN_SYSTEM_NAMES[s.enCode], s.fullName);
    const [administrator] = await db.select().from(user).where(eq(user.account, 'admin'));
    check('user admin', BUILT_IN_USER_NAMES.admin, administrator!.realName);
    for (const o of await db.select().from(organize))
      check(`organisation ${o.enCode}`, BUILT_IN_ORGANIZE_NAMES[o.enCode ?? ''], o.fullName);
  });
});

describe('CurrentUser in the caller’s language', () => {
  it('names the built-in menus, buttons and the application in English', async () => {
    const result = await currentUser('en');
    const names = namesByCode(result.menuList as unknown as Named[]);
    expect(names.get('system')).toBe('System');
    expect(names.get('permission')).toBe('Permissions');
    expect(names.get('permission.user')).toBe('Users');
    expect(names.get('permission.organize')).toBe('Organizations');
    expect(names.get('systemData.dictionary')).toBe('Dictionaries');
    expect(names.get('system.billRule')).toBe('Bill Rules');
    // not one menu name left in Chinese
    expect([...names.entries()].filter(([, name]) => HAN.test(name))).toEqual([]);
    const users = result.permissionList.find((p) => p.moduleName === 'Users');
    expect(users?.button.map((b) => b.fullName)).toEqual(
      expect.arrayContaining(['Add', 'Edit', 'Delete', 'Reset Password', 'Unlock']),
    );
    expect(result.permissionList.filter((p) => HAN.test(p.moduleName))).toEqual([]);
    expect(result.userInfo.systemIds.map((s) => s.name)).toContain('Development Platform');
    // the seeded administrator, root organisation and system name the home page and header show
    expect(result.userInfo.userName).toBe('Administrator');
    expect(result.userInfo.organizeName).toBe('Smart Park Group');
    expect(result.sysConfigInfo.sysName).toBe('JNPF Platform');
    const tw = await currentUser('zhtw');
    expect([tw.userInfo.userName, tw.userInfo.organizeName, tw.sysConfigInfo.title]).toEqual([
      '管理員',
      '智慧園區集團',
      'JNPF快速開發平台',
    ]);
  });

  it('names them in Traditional Chinese for zhtw and as seeded for zh, the same session asking in turn', async () => {
    const tw = namesByCode((await currentUser('zhtw')).menuList as unknown as Named[]);
    expect(tw.get('system')).toBe('系統管理');
    expect(tw.get('permission.user')).toBe('用戶管理');
    expect(tw.get('systemData.dictionary')).toBe('數據字典');
    expect(tw.get('system.billRule')).toBe('單據規則');
    const zh = namesByCode((await currentUser('zh')).menuList as unknown as Named[]);
    expect(zh.get('permission.user')).toBe('用户管理');
    expect(zh.get('system.billRule')).toBe('单据规则');
    // each language keeps its own answer
    const en = namesByCode((await currentUser('en')).menuList as unknown as Named[]);
    expect(en.get('permission.user')).toBe('Users');
    expect(namesByCode((await currentUser('zh')).menuList as unknown as Named[]).get('permission.user')).toBe(
      '用户管理',
    );
  });

  it('falls back to Accept-Language without the jnpf-language header', async () => {
    const res = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', {
      token: admin,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(namesByCode(res.data!.menuList as unknown as Named[]).get('permission.role')).toBe('Roles');
  });
});

describe('admin lists in the caller’s language', () => {
  it('the menu list, its button list and the application list', async () => {
    const systemId = await mainSystemId(server.platform.context);
    const menus = await get<{ list: Named[] }>(`/api/system/Menu/ModuleBySystem/${systemId}`, 'en', {
      category: 'Web',
    });
    expect(menus.code, menus.msg).toBe(200);
    const names = namesByCode(menus.data!.list);
    expect(names.get('permission.user')).toBe('Users');
    expect(names.get('onlineDev.webDesign')).toBe('Function Design');
    // a keyword finds the English name
    const found = await get<{ list: Named[] }>(`/api/system/Menu/ModuleBySystem/${systemId}`, 'en', {
      keyword: 'bill rules',
    });
    expect(flatten(found.data!.list).map((n) => n.fullName)).toEqual(['System', 'Bill Rules']);

    const userMenu = await findMenuId(server.platform.context, 'permission.user');
    const buttons = await get<{ list: Named[] }>(`/api/system/ModuleButton/${userMenu}/List`, 'zhtw');
    expect(buttons.code, buttons.msg).toBe(200);
    expect(buttons.data!.list.map((b) => b.fullName)).toEqual(expect.arrayContaining(['編輯', '刪除', '重置密碼']));

    const systems = await get<{ list: Named[] }>('/api/system/System', 'en');
    expect(systems.data!.list.map((s) => s.fullName)).toContain('Development Platform');
  });

  it('the grant wizard’s menu step', async () => {
    const systemId = await mainSystemId(server.platform.context);
    const res = await call<{ list: Named[] }>(server, 'POST', '/api/permission/Authority/Data/0/Values', {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { type: 'module', moduleIds: systemId },
    });
    expect(res.code, res.msg).toBe(200);
    const names = flatten(res.data!.list).map((n) => n.fullName);
    expect(names).toEqual(expect.arrayContaining(['Development Platform', 'Web Menus', 'Users', 'Dictionaries']));
    expect(names.filter((n) => HAN.test(n))).toEqual([]);
  });
});

describe('dictionaries in the caller’s language', () => {
  interface Entry extends Named {
    enCode: string;
    dictionaryList: Named[];
  }

  it('the items of a seeded dictionary in its list, its picker and the shell’s cache', async () => {
    const list = await get<{ list: Named[] }>('/api/system/DictionaryData/sex', 'en');
    expect(list.code, list.msg).toBe(200);
    expect(list.data!.list.map((i) => i.fullName)).toEqual(['Male', 'Female', 'Undisclosed']);
    const picker = await get<{ list: Named[] }>('/api/system/DictionaryData/sex/Data/Selector', 'zhtw');
    expect(picker.data!.list.map((i) => i.fullName)).toEqual(['男', '女', '保密']);
    const all = await get<{ list: Entry[] }>('/api/system/DictionaryData/All', 'en');
    const sex = all.data!.list.find((d) => d.enCode === 'sex');
    expect(sex?.fullName).toBe('Gender');
    expect(sex?.dictionaryList.map((i) => i.fullName)).toEqual(['Male', 'Female', 'Undisclosed']);
    const education = all.data!.list.find((d) => d.enCode === 'Education');
    expect(education?.dictionaryList.map((i) => i.fullName)).toContain("Bachelor's Degree");
    // every seeded item has its English name
    expect(all.data!.list.flatMap((d) => flatten(d.dictionaryList)).filter((i) => HAN.test(i.fullName))).toEqual([]);
  });

  it('the category tree with its roots', async () => {
    const res = await get<{ list: Named[] }>('/api/system/DictionaryType', 'en');
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.list.map((r) => r.fullName)).toEqual(['Business Dictionaries', 'System Dictionaries']);
    const names = flatten(res.data!.list).map((n) => n.fullName);
    expect(names).toEqual(expect.arrayContaining(['Gender', 'Ethnic Group', 'Position Type']));
    expect(names.filter((n) => HAN.test(n))).toEqual([]);
  });
});

describe('lists naming a seeded dictionary item', () => {
  it('the user groups list names the group type in the caller’s language', async () => {
    const types = await get<{ list: (Named & { enCode: string })[] }>('/api/system/DictionaryData/groupType', 'zh');
    const project = types.data!.list.find((t) => t.enCode === '2')!;
    const created = await call<string>(server, 'POST', '/api/permission/Group', {
      token: admin,
      json: { fullName: '读书会', enCode: 'names.club', type: project.id, enabledMark: 1, sortCode: 1 },
    });
    expect(created.code, created.msg).toBe(200);
    const list = async (lang: Language) =>
      (
        await get<{ list: { enCode: string; type: string }[] }>('/api/permission/Group', lang, {
          keyword: 'names.club',
        })
      ).data!.list[0]?.type;
    expect(await list('en')).toBe('Project Group');
    expect(await list('zhtw')).toBe('項目分組');
    expect(await list('zh')).toBe('项目分组');
  });
});

describe('organisations and dictionary items named in lists', () => {
  it('the organisation tree, its selectors and the department list name the root group', async () => {
    const hq = await headOffice(server.platform.context);
    const api = client(server, admin);
    const departmentId = await createDepartment(api, hq.id, { fullName: '研发部' });
    const tree = async (lang: Language) => {
      const res = await get<{ list: (Named & { organize: string })[] }>('/api/permission/Organize', lang);
      expect(res.code, res.msg).toBe(200);
      return flatten(res.data!.list);
    };
    const en = await tree('en');
    expect(en.find((n) => n.id === hq.id)?.fullName).toBe('Smart Park Group');
    expect(en.find((n) => n.id === departmentId)).toMatchObject({ fullName: '研发部' });
    // a keyword finds the English name
    const found = await get<{ list: Named[] }>('/api/permission/Organize', 'en', { keyword: 'smart park' });
    expect(found.data!.list.map((n) => n.id)).toEqual([hq.id]);
    expect((await tree('zh')).find((n) => n.id === hq.id)?.fullName).toBe('智慧园区集团');
    expect((await tree('zhtw')).find((n) => n.id === hq.id)?.fullName).toBe('智慧園區集團');

    const selector = await get<{ list: (Named & { organize: string })[] }>(
      '/api/permission/Organize/Department/Selector/0',
      'en',
    );
    const picked = flatten(selector.data!.list).find((n) => n.id === departmentId);
    expect(picked).toMatchObject({ organize: 'Smart Park Group/研发部' });
    const children = await get<{ list: (Named & { organize: string })[] }>(
      '/api/permission/Organize/AsyncList/-1',
      'en',
    );
    expect(children.data!.list.find((n) => n.id === hq.id)).toMatchObject({
      fullName: 'Smart Park Group',
      organize: 'Smart Park Group',
    });
    const departments = await get<{ list: (Named & { organize: string })[] }>(
      '/api/permission/Organize/Department',
      'en',
      {
        organizeId: hq.id,
        keyword: '研发部',
      },
    );
    expect(departments.code, departments.msg).toBe(200);
    expect(departments.data!.list.find((n) => n.id === departmentId)?.organize).toBe('Smart Park Group/研发部');
  });

  it('the user list names its organisations and gender', async () => {
    const hq = await headOffice(server.platform.context);
    const api = client(server, admin);
    const departmentId = await createDepartment(api, hq.id, { fullName: '市场部' });
    const { account } = await createUser(api, departmentId, { gender: 1 });
    const row = async (lang: Language) => {
      const res = await get<{ list: { account: string; gender: string; organize: string }[] }>(
        '/api/permission/Users',
        lang,
        { keyword: account },
      );
      expect(res.code, res.msg).toBe(200);
      return res.data!.list.find((u) => u.account === account);
    };
    expect(await row('en')).toMatchObject({ gender: 'Male', organize: 'Smart Park Group/市场部' });
    expect(await row('zhtw')).toMatchObject({ gender: '男', organize: '智慧園區集團/市场部' });
    expect(await row('zh')).toMatchObject({ gender: '男', organize: '智慧园区集团/市场部' });
  });

  it('the user export names its organisations and gender in the caller’s language', async () => {
    const hq = await headOffice(server.platform.context);
    const { account } = await createUser(client(server, admin), hq.id, { gender: 1 });
    const exported = async (lang: Language) => {
      const res = await get<{ url: string }>('/api/permission/Users/ExportData', lang, {
        keyword: account,
        dataType: '1',
        selectKey: 'account,gender,organizeId',
      });
      expect(res.code, res.msg).toBe(200);
      const file = await fetch(`${server.baseUrl}${res.data!.url}`);
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
      const rows: string[][] = [];
      wb.worksheets[0]!.eachRow((r) =>
        rows.push(Array.from(r.values as unknown[], (v) => (v == null ? '' : String(v))).slice(1)),
      );
      return rows.find((r) => r[0] === account);
    };
    expect(await exported('en')).toEqual([account, 'Male', 'Smart Park Group']);
    expect(await exported('zh')).toEqual([account, '男', '智慧园区集团']);
    // the English sheet reads back in English: its names are the seeded items and organisations
    const again = unique('en');
    const imported = await call<{ snum: number; fnum: number; failResult: { errorsInfo: string }[] }>(
      server,
      'POST',
      '/api/permission/Users/ImportData',
      {
        token: admin,
        headers: { 'jnpf-language': 'en' },
        json: { list: [{ account: again, realName: 'Imported', gender: 'Male', organizeId: 'Smart Park Group' }] },
      },
    );
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.data, JSON.stringify(imported.data?.failResult)).toMatchObject({ snum: 1, fnum: 0 });
    const [created] = await server.platform.context.db.select().from(user).where(eq(user.account, again));
    expect(created).toMatchObject({ gender: 1, organizeId: hq.id });
  });

  it('the user picker tree and the role list name the root group', async () => {
    const hq = await headOffice(server.platform.context);
    const picker = await get<{ list: Named[] }>('/api/permission/Users/Selector', 'en');
    expect(picker.code, picker.msg).toBe(200);
    expect(picker.data!.list.find((n) => n.id === hq.id)?.fullName).toBe('Smart Park Group');
    const enCode = unique('R');
    await createRole(client(server, admin), { enCode, globalMark: 0, organizeIdsTree: [[hq.id]] });
    const role = async (lang: Language) =>
      (await get<{ list: { organizeInfo: string }[] }>('/api/permission/Role', lang, { keyword: enCode })).data!.list[0]
        ?.organizeInfo;
    expect(await role('en')).toBe('Smart Park Group');
    expect(await role('zh')).toBe('智慧园区集团');
  });

  it('the position list names the position type and its organisation', async () => {
    const hq = await headOffice(server.platform.context);
    const enCode = unique('P');
    await createPosition(client(server, admin), hq.id, { enCode, type: 1 });
    const row = async (lang: Language) => {
      const res = await get<{ list: { enCode: string; type: string; department: string }[] }>(
        '/api/permission/Position',
        lang,
        { keyword: enCode },
      );
      expect(res.code, res.msg).toBe(200);
      return res.data!.list[0];
    };
    expect(await row('en')).toMatchObject({ type: 'Management', department: 'Smart Park Group' });
    expect(await row('zh')).toMatchObject({ type: '管理岗位', department: '智慧园区集团' });
  });

  it('message templates and send configurations name their message source and channel', async () => {
    const api = client(server, admin);
    const templateCode = unique('tpl.');
    const templateId = await api.create('/api/message/MessageTemplateConfig', {
      fullName: unique('模板'),
      enCode: templateCode,
      templateType: '0',
      messageSource: '1',
      messageType: '1',
      enabledMark: 1,
      sortCode: 1,
      title: '{@Title}',
      content: '{@Title}',
      templateParamList: [{ field: '@Title', fieldName: '标题' }],
    });
    const template = async (lang: Language) =>
      (
        await get<{ list: { id: string; messageSource: string; messageType: string; creatorUser: string }[] }>(
          '/api/message/MessageTemplateConfig',
          lang,
          { keyword: templateCode },
        )
      ).data!.list[0];
    expect(await template('en')).toMatchObject({
      messageSource: 'System Message',
      messageType: 'In-app Message',
      creatorUser: 'Administrator/admin',
    });
    expect(await template('zh')).toMatchObject({
      messageSource: '系统消息',
      messageType: '站内信',
      creatorUser: '管理员/admin',
    });

    const configCode = unique('cfg.');
    const configId = await api.create('/api/message/SendMessageConfig', {
      fullName: unique('配置'),
      enCode: configCode,
      templateType: '0',
      messageSource: '4',
      enabledMark: 1,
      sendConfigTemplateList: [{ messageType: '1', templateId, enabledMark: 1 }],
    });
    const config = async (lang: Language) =>
      (
        await get<{ list: { messageSource: string; messageType: { fullName: string }[]; creatorUser: string }[] }>(
          '/api/message/SendMessageConfig',
          lang,
          { keyword: configCode },
        )
      ).data!.list[0];
    expect(await config('en')).toMatchObject({
      messageSource: 'Schedule Reminder',
      messageType: [{ fullName: 'In-app Message' }],
      creatorUser: 'Administrator/admin',
    });
    expect(await config('zh')).toMatchObject({ messageSource: '日程消息', messageType: [{ fullName: '站内信' }] });
    const info = await get<{ messageSourceName: string }>(`/api/message/SendMessageConfig/${configId}`, 'en');
    expect(info.data!.messageSourceName).toBe('Schedule Reminder');
  });

  it('an online form names the root group and the administrator in its organisation and user fields', async () => {
    const app = server.platform.context;
    const hq = await headOffice(app);
    const [adminUser] = await app.db.select({ id: user.id }).from(user).where(eq(user.account, 'admin'));
    const categoryId = (await dictionaryItems(app.db, 'webDesign'))[0]!.id;
    const fields = [
      field('input', 'title', '标题'),
      field('organizeSelect', 'org', '组织'),
      field('userSelect', 'owner', '负责人'),
    ];
    const column = (prop: string, label: string, jnpfKey: string) => ({ prop, label, jnpfKey });
    const design = designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [
          column('title', '标题', 'input'),
          column('org', '组织', 'organizeSelect'),
          column('owner', '负责人', 'userSelect'),
        ],
        searchList: [],
        btnsList: [],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
      }),
    }) as Record<string, unknown> & { enCode: string };
    const model = await createReleased(server, admin, design);
    const RUN = `/api/visualdev/OnlineDev/${model.id}`;
    const created = await call<string>(server, 'POST', RUN, {
      token: admin,
      json: { data: JSON.stringify({ title: 'A', org: hq.id, owner: adminUser!.id }) },
    });
    expect(created.code, created.msg).toBe(200);
    const row = async (lang: Language) => {
      const res = await call<{ list: Record<string, unknown>[] }>(server, 'POST', `${RUN}/List`, {
        token: admin,
        headers: { 'jnpf-language': lang },
        json: { currentPage: 1, pageSize: 20 },
      });
      expect(res.code, res.msg).toBe(200);
      return res.data!.list[0];
    };
    expect(await row('en')).toMatchObject({ org: 'Smart Park Group', owner: 'Administrator/admin' });
    expect(await row('zh')).toMatchObject({ org: '智慧园区集团', owner: '管理员/admin' });
    const shown = await get<{ data: string }>(`${RUN}/${created.data}/DataChange`, 'en');
    expect(JSON.parse(shown.data!.data)).toMatchObject({ org: 'Smart Park Group', owner: 'Administrator/admin' });
  });

  it('the announcement list names its creator in the caller’s language', async () => {
    const title = unique('公告');
    const created = await call<string>(server, 'POST', '/api/message/Notice', {
      token: admin,
      json: { title, bodyText: '<p>内容</p>', category: '1' },
    });
    expect(created.code, created.msg).toBe(200);
    const row = async (lang: Language) => {
      const res = await call<{ list: { id: string; creatorUser: string }[] }>(
        server,
        'POST',
        '/api/message/Notice/List',
        {
          token: admin,
          headers: { 'jnpf-language': lang },
          json: { keyword: title },
        },
      );
      expect(res.code, res.msg).toBe(200);
      return res.data!.list.find((n) => n.id === created.data);
    };
    expect((await row('en'))?.creatorUser).toBe('Administrator/admin');
    expect((await row('zh'))?.creatorUser).toBe('管理员/admin');
  });

  it('the schedule detail names its category and urgency', async () => {
    const start = Date.now() + 24 * 3600_000;
    const created = await call<string>(server, 'POST', '/api/system/Schedule', {
      token: admin,
      json: {
        category: '1',
        urgent: '2',
        title: '周会',
        content: '',
        allDay: 0,
        startDay: start,
        startTime: '09:00',
        endDay: start,
        endTime: '10:00',
        toUserIds: [],
        reminderTime: -2,
        repetition: '1',
        files: '[]',
      },
    });
    expect(created.code, created.msg).toBe(200);
    const detail = async (lang: Language) =>
      (
        await get<{ category: string; urgent: string; creatorUserId: string }>('/api/system/Schedule/detail', lang, {
          id: created.data!,
        })
      ).data;
    expect(await detail('en')).toMatchObject({
      category: 'Meeting',
      urgent: 'Important',
      creatorUserId: 'Administrator/admin',
    });
    expect(await detail('zh')).toMatchObject({ category: '会议', urgent: '重要', creatorUserId: '管理员/admin' });
  });

  it('the button list finds a button by its shown name', async () => {
    const userMenu = await findMenuId(server.platform.context, 'permission.user');
    const found = await get<{ list: Named[] }>(`/api/system/ModuleButton/${userMenu}/List`, 'en', {
      keyword: 'reset',
    });
    expect(found.code, found.msg).toBe(200);
    expect(found.data!.list.map((b) => b.fullName)).toEqual(['Reset Password']);
    const zh = await get<{ list: Named[] }>(`/api/system/ModuleButton/${userMenu}/List`, 'zh', { keyword: '重置' });
    expect(zh.data!.list.map((b) => b.fullName)).toEqual(['重置密码']);
  });
});

describe('a name an administrator gave', () => {
  it('shows as given in every language, and the seeded name comes back translated', async () => {
    const app = server.platform.context;
    const roleMenu = await findMenuId(app, 'permission.role');
    const info = await get<Record<string, unknown>>(`/api/system/Menu/${roleMenu}`, 'en');
    expect(info.code, info.msg).toBe(200);
    // the edit form shows the stored name
    expect(info.data!.fullName).toBe('角色管理');
    const rename = async (fullName: string) => {
      const current = await get<Record<string, unknown>>(`/api/system/Menu/${roleMenu}`, 'zh');
      const res = await call(server, 'PUT', `/api/system/Menu/${roleMenu}`, {
        token: admin,
        json: { ...current.data, fullName },
      });
      expect(res.code, res.msg).toBe(200);
    };
    await rename('岗位角色');
    for (const lang of ['zh', 'zhtw', 'en'] as const)
      expect(namesByCode((await currentUser(lang)).menuList as unknown as Named[]).get('permission.role'), lang).toBe(
        '岗位角色',
      );
    const systemId = await mainSystemId(app);
    const list = await get<{ list: Named[] }>(`/api/system/Menu/ModuleBySystem/${systemId}`, 'en');
    expect(namesByCode(list.data!.list).get('permission.role')).toBe('岗位角色');
    expect(namesByCode(list.data!.list).get('permission.user')).toBe('Users');

    await rename('角色管理');
    expect(namesByCode((await currentUser('en')).menuList as unknown as Named[]).get('permission.role')).toBe('Roles');
  });

  it('a renamed dictionary item keeps its name', async () => {
    const list = await get<{ list: (Named & { enCode: string })[] }>('/api/system/DictionaryData/sex', 'zh');
    const secret = list.data!.list.find((i) => i.enCode === '3')!;
    const info = await get<Record<string, unknown>>(`/api/system/DictionaryData/${secret.id}/Info`, 'zh');
    expect(info.code, info.msg).toBe(200);
    const res = await call(server, 'PUT', `/api/system/DictionaryData/${secret.id}`, {
      token: admin,
      json: { ...info.data, fullName: '未知' },
    });
    expect(res.code, res.msg).toBe(200);
    const en = await get<{ list: Named[] }>('/api/system/DictionaryData/sex', 'en');
    expect(en.data!.list.map((i) => i.fullName)).toEqual(['Male', 'Female', '未知']);
  });
});
