// Cascaders and tree selects of online forms over HTTP against a real database: options nested in a tree
// (values unique across it), a cascader's value the path from a top option to a leaf (any option with
// checkStrictly), a tree select's an option of any level; shown by their labels.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { admin, api, server } from '../../../../test/kit/adminServer.js';
import { recordsAs } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const RUN = '/api/visualdev/OnlineDev';
const BASE = '/api/visualdev/Base';
let modelId: string;

const create = (data: Record<string, unknown>) => recordsAs(server, admin).create({ id: modelId }, data);

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

/** a form-only design of these fields */
const formOnly = (fields: FieldConfig[]) =>
  designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', fields)), columnData: '' });

useDesignServer();
beforeAll(async () => {
  const created = await api.post<string>(
    BASE,
    formOnly([
      field('cascader', 'region', '区域', { dataType: 'static' }, treeProps),
      field('cascader', 'regions', '多个区域', { dataType: 'static' }, { ...treeProps, multiple: true }),
      field(
        'cascader',
        'branch',
        '分支',
        { dataType: 'static' },
        { ...treeProps, showAllLevels: false, props: { ...treeProps.props, checkStrictly: true } },
      ),
      field('treeSelect', 'node', '节点', { dataType: 'static' }, treeProps),
      field('treeSelect', 'nodes', '多个节点', { dataType: 'static' }, { ...treeProps, multiple: true }),
    ]),
  );
  expect(created.code, created.msg).toBe(200);
  modelId = created.data!;
});

describe('tree option fields', () => {
  it('refuses a value repeated deep in the tree', async () => {
    const duplicate = [{ id: 'a', fullName: 'A', children: [{ id: 'a', fullName: 'A again' }] }];
    const refused = await api.post(BASE, formOnly([field('treeSelect', 'node', '节点', {}, { options: duplicate })]));
    expect(errorsOf(refused)).toEqual({ 'formData.fields.0.options.0.children.0': expect.stringContaining('a') });
  });

  it('keeps paths to leaves and options of any level, and shows their labels', async () => {
    const created = await create({
      region: ['east', 'js', 'nj'],
      regions: [['east', 'sh'], ['west'], ['east', 'sh']],
      branch: ['east', 'js'],
      node: 'js',
      nodes: ['nj', 'west'],
    });
    expect(created.code, created.msg).toBe(200);
    const raw = JSON.parse((await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}`)).data!.data);
    expect(raw.regions).toEqual([['east', 'sh'], ['west']]);
    const shown = JSON.parse(
      (await api.get<{ data: string }>(`${RUN}/${modelId}/${created.data}/DataChange`)).data!.data,
    );
    expect(shown).toMatchObject({
      region: '华东/江苏/南京',
      regions: '华东/上海,西部',
      branch: '江苏',
      node: '江苏',
      nodes: '南京,西部',
    });
  });

  it('refuses a path that stops above a leaf, skips a level, starts below the top, or names no option', async () => {
    expect(errorsOf(await create({ region: ['east', 'js'] }))).toEqual({ region: '区域的值不在选项中' });
    expect(errorsOf(await create({ region: ['east', 'nj'] }))).toEqual({ region: '区域的值不在选项中' });
    expect(errorsOf(await create({ region: ['js', 'nj'] }))).toEqual({ region: '区域的值不在选项中' });
    expect(errorsOf(await create({ node: 'mars' }))).toEqual({ node: '节点的值不在选项中' });
    expect(errorsOf(await create({ region: 'nj', regions: ['east', 'sh'] }))).toEqual({
      region: '区域格式不正确',
      regions: '多个区域格式不正确',
    });
  });
});
