// List searches of cascaders, area fields and the mixed users/organisation picker over HTTP against a real
// database: a cascader or area search names a path (or with searchMultiple several) and finds the records whose
// path — or one of whose paths — is it or lies below it; a mixed picker search names "id--kind" entries and finds
// the records holding one of them. A value of another shape is refused by the field's label.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, ctx, server, useAdminServer } from '../../../../test/kit/adminServer.js';
import { insertOrganize, insertRole, insertUser } from '../../../../test/kit/directory.js';
import { organizeChanged } from '../../organize/orgIndex.js';
import { dictionaryItems } from '../../dictionary/byCode.js';
import { recordsAs, releaseDesign } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const tree = [
  {
    id: 'east',
    fullName: '华东',
    children: [
      { id: 'sh', fullName: '上海' },
      { id: 'js', fullName: '江苏', children: [{ id: 'nj', fullName: '南京' }] },
    ],
  },
  { id: 'west', fullName: '西部' },
];
const treeProps = { props: { label: 'fullName', value: 'id', children: 'children' }, options: tree };

const GD = '440000';
const SZ = '440300';
const GZ = '440100';
const NANSHAN = [GD, SZ, '440305'];
const FUTIAN = [GD, SZ, '440304'];
const TIANHE = [GD, GZ, '440106'];

let modelId: string;
const entry = { user: '', otherUser: '', thirdUser: '', department: '', role: '' };
/** record ids by their title */
const idOf: Record<string, string> = {};

const records = () => recordsAs(server, admin);
const found = async (query: Record<string, unknown>) => {
  const page = await records().list({ id: modelId }, { queryJson: JSON.stringify(query) });
  expect(page.code, JSON.stringify(page)).toBe(200);
  return page.data!.list.map((row) => row.title).sort();
};

useAdminServer();
beforeAll(async () => {
  const app = ctx();
  const company = await insertOrganize(app, null);
  const department = await insertOrganize(app, company);
  await organizeChanged(app);
  entry.user = `${(await insertUser(app)).id}--user`;
  entry.otherUser = `${(await insertUser(app)).id}--user`;
  entry.thirdUser = `${(await insertUser(app)).id}--user`;
  entry.department = `${department.id}--department`;
  entry.role = `${await insertRole(app)}--role`;

  const fields = [
    field('input', 'title', '标题'),
    field('cascader', 'region', '区域', { dataType: 'static' }, treeProps),
    field('cascader', 'regions', '多个区域', { dataType: 'static' }, { ...treeProps, multiple: true }),
    field('areaSelect', 'place', '地区'),
    field('areaSelect', 'places', '多个地区', {}, { multiple: true }),
    field('usersSelect', 'who', '参与'),
    field('usersSelect', 'whos', '多个参与', {}, { multiple: true }),
  ];
  const search = (prop: string, label: string, jnpfKey: string, searchMultiple = false) => ({
    prop,
    label,
    jnpfKey,
    searchType: 1,
    searchMultiple,
  });
  const categoryId = (await dictionaryItems(app.db, 'webDesign'))[0]!.id;
  const created = await api.post<string>(
    '/api/visualdev/Base',
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', fields)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
        searchList: [
          search('region', '区域', 'cascader', true),
          search('regions', '多个区域', 'cascader'),
          search('place', '地区', 'areaSelect', true),
          search('places', '多个地区', 'areaSelect'),
          search('who', '参与', 'usersSelect', true),
          search('whos', '多个参与', 'usersSelect', true),
        ],
        btnsList: [],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
      }),
    }),
  );
  expect(created.code, created.msg).toBe(200);
  await releaseDesign(server, admin, created.data!);
  modelId = created.data!;

  const rows: Record<string, unknown>[] = [
    {
      title: 'a',
      region: ['east', 'js', 'nj'],
      regions: [['east', 'sh']],
      place: NANSHAN,
      places: [FUTIAN],
      who: entry.user,
      whos: [entry.user, entry.department],
    },
    {
      title: 'b',
      region: ['east', 'sh'],
      regions: [['west'], ['east', 'js', 'nj']],
      place: TIANHE,
      places: [NANSHAN, TIANHE],
      // (a single mixed picker takes a user only)
      who: entry.thirdUser,
      whos: [entry.role],
    },
    { title: 'c', region: ['west'], who: entry.otherUser, whos: [entry.otherUser] },
  ];
  for (const row of rows) {
    const res = await records().create({ id: modelId }, row);
    expect(res.code, JSON.stringify(res)).toBe(200);
    idOf[row.title as string] = res.data!;
  }
});

describe('list searches by a path', () => {
  it('finds the cascader records whose path is the one searched or lies below it', async () => {
    expect(await found({ region: ['east'] })).toEqual(['a', 'b']);
    expect(await found({ region: ['east', 'js'] })).toEqual(['a']);
    expect(await found({ region: ['east', 'js', 'nj'] })).toEqual(['a']);
    expect(await found({ region: ['js'] })).toEqual([]);
    // searchMultiple: any of the paths
    expect(await found({ region: [['west'], ['east', 'sh']] })).toEqual(['b', 'c']);
    // a field holding several paths: one of them
    expect(await found({ regions: ['east'] })).toEqual(['a', 'b']);
    expect(await found({ regions: ['east', 'js'] })).toEqual(['b']);
    expect(await found({ regions: ['west'] })).toEqual(['b']);
    expect(await found({ region: ["'; drop table base_visual_record; --"] })).toEqual([]);
  });

  it('finds the area records in the province, city or district searched', async () => {
    expect(await found({ place: [GD] })).toEqual(['a', 'b']);
    expect(await found({ place: [GD, SZ] })).toEqual(['a']);
    expect(await found({ place: [[GD, GZ], NANSHAN] })).toEqual(['a', 'b']);
    expect(await found({ places: [GD, SZ] })).toEqual(['a', 'b']);
    expect(await found({ places: NANSHAN })).toEqual(['b']);
    expect(await found({ places: [GD, GZ] })).toEqual(['b']);
    expect(await found({ places: ['110000'] })).toEqual([]);
  });
});

describe('list searches by mixed picker entries', () => {
  it('finds the records holding the entry, or one of the entries searched', async () => {
    expect(await found({ who: entry.user })).toEqual(['a']);
    expect(await found({ who: [entry.thirdUser, entry.otherUser] })).toEqual(['b', 'c']);
    expect(await found({ who: entry.department })).toEqual([]);
    expect(await found({ whos: entry.department })).toEqual(['a']);
    expect(await found({ whos: [entry.role, entry.otherUser] })).toEqual(['b', 'c']);
    expect(await found({ whos: [entry.user], region: ['east', 'sh'] })).toEqual([]);
  });

  it('refuses what is not an entry: a bare id, or an entry of no known kind', async () => {
    const res = await records().list(
      { id: modelId },
      { queryJson: JSON.stringify({ who: entry.user.split('--')[0], whos: [entry.user, 'x--nothing'] }) },
    );
    expect(res.code).toBe(401);
    expect((res.data as unknown as { errors: Record<string, string> }).errors).toEqual({
      who: '参与的查询条件格式不正确',
      whos: '多个参与的查询条件格式不正确',
    });
  });
});

describe('path search values of the wrong shape', () => {
  it('are refused by the field label', async () => {
    const refused = async (query: Record<string, unknown>) => {
      const res = await records().list({ id: modelId }, { queryJson: JSON.stringify(query) });
      expect(res.code).toBe(401);
      return (res.data as unknown as { errors: Record<string, string> }).errors;
    };
    expect(await refused({ region: 'east', place: [1, 2] })).toEqual({
      region: '区域的查询条件格式不正确',
      place: '地区的查询条件格式不正确',
    });
    expect(await refused({ regions: [['east'], 'west'] })).toEqual({ regions: '多个区域的查询条件格式不正确' });
    expect(await refused({ places: [['']] })).toEqual({ places: '多个地区的查询条件格式不正确' });
  });
});
