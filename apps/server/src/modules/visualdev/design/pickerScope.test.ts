// A user picker's or mixed picker's choices in a design over HTTP: custom mode (selectType "custom") with
// permitted entries saves and comes back as designed; custom mode without any is refused at the field's ableIds,
// a sub-table's column too, naming the field (zh, en). "All" needs no entry. The organisation, department,
// position, role and group pickers alike: custom mode needs an entry of their own directory.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ctx, useAdminServer } from '../../../../test/kit/adminServer.js';
import { designBody, field, sampleFields, sampleForm } from '../../../../test/kit/visualdev.js';
import { dictionaryItems } from '../../dictionary/byCode.js';

const BASE = '/api/visualdev/Base';
let category: string;

useAdminServer();
beforeAll(async () => {
  const [first] = await dictionaryItems(ctx().db, 'webDesign');
  category = first!.id;
});

type Errors = { errors: Record<string, string> };

/** a user picker, a mixed picker and a sub-table with a user picker column, each with these choices */
type Props = Record<string, unknown>;
function pickerFields(owner: Props, people: Props, column: Props) {
  return [
    field('userSelect', 'owner', '负责人', {}, { multiple: false, ...owner }),
    field('usersSelect', 'people', '参与人', {}, { multiple: true, ...people }),
    field('table', 'lines', '明细', { children: [field('userSelect', 'handler', '经办人', {}, column)] }),
  ];
}
const bodyWith = (fields: ReturnType<typeof pickerFields>) =>
  designBody(category, 'PO', { formData: JSON.stringify(sampleForm('PO', [...sampleFields('PO'), ...fields])) });
const at = (index: number, rest: string) => `formData.fields.${sampleFields('PO').length + index}.${rest}`;

describe('the choices of user and mixed pickers in a design', () => {
  it('saves custom mode with its permitted entries, and "all" without any', async () => {
    const fields = pickerFields(
      { selectType: 'custom', ableIds: ['d1--department', 'u1--user'] },
      { selectType: 'custom', ableIds: ['r1--role', 'g1--group'] },
      { selectType: 'all', ableIds: [] },
    );
    const res = await api<string>('POST', BASE, { json: bodyWith(fields) });
    expect([res.code, res.msg], JSON.stringify(res)).toEqual([200, '新建成功']);
    const info = await api<{ formData: string }>('GET', `${BASE}/${res.data!}`);
    const saved = (JSON.parse(info.data!.formData) as { fields: Record<string, unknown>[] }).fields;
    const byKey = (vModel: string) => saved.find((f) => f.__vModel__ === vModel);
    expect(byKey('owner')).toMatchObject({ selectType: 'custom', ableIds: ['d1--department', 'u1--user'] });
    expect(byKey('people')).toMatchObject({ selectType: 'custom', ableIds: ['r1--role', 'g1--group'] });
  });

  it('refuses custom mode without a permitted entry, at the field, a column too', async () => {
    const fields = pickerFields(
      { selectType: 'custom', ableIds: [] },
      { selectType: 'custom' },
      { selectType: 'custom', ableIds: [''] },
    );
    const res = await api<Errors>('POST', BASE, { json: bodyWith(fields) });
    expect(res.code, JSON.stringify(res)).toBe(401);
    expect(res.data!.errors).toEqual({
      [at(0, 'ableIds')]: '负责人的可选范围为自定义，请至少添加一项',
      [at(1, 'ableIds')]: '参与人的可选范围为自定义，请至少添加一项',
      [at(2, '__config__.children.0.ableIds')]: '经办人的可选范围为自定义，请至少添加一项',
    });
    const en = await api<Errors>('POST', BASE, {
      json: bodyWith(
        pickerFields({ selectType: 'custom', ableIds: [] }, { selectType: 'all' }, { selectType: 'all', ableIds: [] }),
      ),
      headers: { 'jnpf-language': 'en' },
    });
    expect(en.code).toBe(401);
    expect(Object.values(en.data!.errors)).toEqual(['The choices of 负责人 are custom: add at least one']);
  });
});

describe('the choices of organisation, department, position, role and group pickers in a design', () => {
  const listed = (props: Record<string, Props>) =>
    (['organizeSelect', 'depSelect', 'posSelect', 'roleSelect', 'groupSelect'] as const).map((key) =>
      field(key, key, `${key}字段`, {}, props[key] ?? {}),
    );

  it('saves custom mode with its ids, and refuses it without one of its own directory, naming the field', async () => {
    const ok = await api<string>('POST', BASE, {
      json: bodyWith(
        listed({
          organizeSelect: { selectType: 'custom', ableIds: ['c1', 'd1--department'] },
          depSelect: { selectType: 'custom', ableIds: ['d1'] },
          posSelect: { selectType: 'custom', ableIds: ['p1--position'] },
          roleSelect: { selectType: 'all', ableIds: [] },
        }) as unknown as ReturnType<typeof pickerFields>,
      ),
    });
    expect([ok.code, ok.msg], JSON.stringify(ok)).toEqual([200, '新建成功']);
    const info = await api<{ formData: string }>('GET', `${BASE}/${ok.data!}`);
    const saved = (JSON.parse(info.data!.formData) as { fields: Record<string, unknown>[] }).fields;
    expect(saved.find((f) => f.__vModel__ === 'depSelect')).toMatchObject({ selectType: 'custom', ableIds: ['d1'] });

    const refused = await api<Errors>('POST', BASE, {
      json: bodyWith(
        listed({
          organizeSelect: { selectType: 'custom', ableIds: [] },
          depSelect: { selectType: 'custom' },
          // only entries of another directory: nothing this picker could pick
          posSelect: { selectType: 'custom', ableIds: ['r1--role'] },
          roleSelect: { selectType: 'custom', ableIds: ['r1--role'] },
          groupSelect: { selectType: 'custom', ableIds: [''] },
        }) as unknown as ReturnType<typeof pickerFields>,
      ),
    });
    expect(refused.code, JSON.stringify(refused)).toBe(401);
    expect(refused.data!.errors).toEqual({
      [at(0, 'ableIds')]: 'organizeSelect字段的可选范围为自定义，请至少添加一项',
      [at(1, 'ableIds')]: 'depSelect字段的可选范围为自定义，请至少添加一项',
      [at(2, 'ableIds')]: 'posSelect字段的可选范围为自定义，请至少添加一项',
      [at(4, 'ableIds')]: 'groupSelect字段的可选范围为自定义，请至少添加一项',
    });
  });
});
