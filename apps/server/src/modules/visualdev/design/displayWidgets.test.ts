// Designs with the display widgets (barcode, QR code, iframe, button, link) over HTTP: they save and come back
// as designed, and an address that is not a web page's, or a barcode's text that is not letters and digits, is
// refused at its path with the field's label.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, ctx, server, useAdminServer } from '../../../../test/kit/adminServer.js';
import { createReleased, recordsAs } from '../../../../test/kit/released.js';
import { designBody, field, sampleFields, sampleForm } from '../../../../test/kit/visualdev.js';
import { dictionaryItems } from '../../dictionary/byCode.js';

const BASE = '/api/visualdev/Base';
let category: string;

useAdminServer();
beforeAll(async () => {
  const [first] = await dictionaryItems(ctx().db, 'webDesign');
  category = first!.id;
});

const LAYOUT = { showLabel: true, layout: 'colFormItem', span: 24 };
function displayFields(href = 'https://example.com/page', linkHref = 'http://example.com/') {
  return [
    field('barcode', '', '条码', LAYOUT, { dataType: 'static', staticText: 'AB12', format: 'code128', width: 4 }),
    field('qrcode', '', '二维码', LAYOUT, { dataType: 'relation', relationField: 'title', size: 100 }),
    field('iframe', '', '内嵌页', LAYOUT, { href, height: 300, borderColor: '#E2E0E0', borderWidth: 1 }),
    field('button', '', '按钮', { showLabel: false }, { buttonText: '按钮', buttonType: 'primary', align: 'left' }),
    field('link', '', '链接', { showLabel: false }, { content: '文档', href: linkHref, target: '_blank' }),
  ];
}
const bodyWith = (fields: ReturnType<typeof displayFields>) =>
  designBody(category, 'PO', { formData: JSON.stringify(sampleForm('PO', [...sampleFields('PO'), ...fields])) });

type Errors = { errors: Record<string, string> };

describe('display widgets in a design', () => {
  it('save and come back as designed', async () => {
    const res = await api<string>('POST', BASE, { json: bodyWith(displayFields()) });
    expect([res.code, res.msg], JSON.stringify(res)).toEqual([200, '新建成功']);
    const info = await api<{ formData: string }>('GET', `${BASE}/${res.data!}`);
    const saved = (JSON.parse(info.data!.formData) as { fields: { __config__: { jnpfKey: string } }[] }).fields;
    const iframe = saved.find((f) => f.__config__.jnpfKey === 'iframe') as unknown as { href: string };
    expect(iframe.href).toBe('https://example.com/page');
    expect(saved.map((f) => f.__config__.jnpfKey)).toEqual(
      expect.arrayContaining(['barcode', 'qrcode', 'iframe', 'button', 'link']),
    );
  });

  it('refuses a javascript: address and a barcode text of other characters, naming the field', async () => {
    const fields = displayFields('javascript:alert(1)', 'data:text/html,<script>alert(1)</script>');
    fields[0]!.staticText = 'AB-12';
    const res = await api<Errors>('POST', BASE, { json: bodyWith(fields) });
    expect(res.code, JSON.stringify(res)).toBe(401);
    const errors = res.data!.errors;
    const at = (label: string, prop: string) => {
      const index = sampleFields('PO').length + displayFields().findIndex((f) => f.__config__.label === label);
      return errors[`formData.fields.${index}.${prop}`];
    };
    expect(at('内嵌页', 'href')).toBe('内嵌页的地址只能以http://或https://开头');
    expect(at('链接', 'href')).toBe('链接的地址只能以http://或https://开头');
    expect(at('条码', 'staticText')).toBe('条码只能包含字母和数字');
    const en = await api<Errors>('POST', BASE, {
      json: bodyWith(displayFields('JavaScript:void(0)')),
      headers: { 'jnpf-language': 'en' },
    });
    expect(Object.values(en.data!.errors)).toEqual(['The address of 内嵌页 must start with http:// or https://']);
  });

  it('a released form with them saves a record holding only its value fields', async () => {
    const json = designBody(category, 'PO', {
      webType: 1,
      formData: JSON.stringify(sampleForm('PO', [field('input', 'title', '标题'), ...displayFields()])),
    });
    const model = await createReleased(server, admin, { ...json, enCode: String(json.enCode) });
    const records = recordsAs(server, admin);
    const created = await records.create(model, { title: 'AB12', '': 'x', barcode: 'forged' });
    expect(created, JSON.stringify(created)).toMatchObject({ code: 200 });
    const raw = JSON.parse((await records.get(model, created.data!)).data!.data) as Record<string, unknown>;
    expect(raw).toEqual({ title: 'AB12' });
    const shown = JSON.parse((await records.shown(model, created.data!)).data!.data) as Record<string, unknown>;
    expect(shown).toMatchObject({ title: 'AB12' });
  });
});
