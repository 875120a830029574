// Batch import into a generated form in a real browser against the built server: a released function whose list
// offers 导入; the administrator downloads nothing by hand but uploads a 1,000-row sheet with 10 bad rows,
// previews and edits it, imports it (990 in, 10 reported with the form's own message) and asks for the failed
// rows' file. Screenshots go to test-results/screenshots/import-*.png.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReleasedDesign, type Api } from './support/api';
import { screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const NAME = `设备台账${stamp}`;
const CODE = `device${stamp}`;
let api: Api;
let modelId = '';

const field = (jnpfKey: string, vModel: string, label: string, config = {}, props = {}) => ({
  __config__: { jnpfKey, label, formId: `${vModel}${stamp}`, ...config },
  __vModel__: vModel,
  ...props,
});

const formData = {
  formRef: 'elForm',
  formModel: 'dataForm',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  fields: [
    field('input', 'title', '设备名称', { required: true, unique: true }),
    field(
      'select',
      'level',
      '等级',
      { dataType: 'static' },
      {
        options: [
          { id: '1', fullName: '普通' },
          { id: '2', fullName: '重要' },
        ],
      },
    ),
    field('inputNumber', 'amount', '数量'),
  ],
};
const columnData = {
  type: 1,
  columnList: [
    { label: '设备名称', prop: 'title', jnpfKey: 'input' },
    { label: '等级', prop: 'level', jnpfKey: 'select' },
    { label: '数量', prop: 'amount', jnpfKey: 'inputNumber' },
  ],
  searchList: [{ prop: 'title', label: '设备名称', jnpfKey: 'input', searchType: 2, isKeyword: true }],
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'upload', label: '导入' },
  ],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
};

/** 1,000 rows; every hundredth (10 in all) names a level the form does not offer */
async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('设备');
  ws.addRow(['设备名称', '等级', '数量']);
  for (let i = 0; i < 1000; i++) ws.addRow([`设备${stamp}-${i}`, i % 100 === 42 ? '未知' : '普通', i]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  await createReleasedDesign(api, { fullName: NAME, enCode: CODE, formData, columnData }, me.userInfo.systemId);
  const designs = await api.ok<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/visualdev/Base?keyword=${encodeURIComponent(CODE)}&currentPage=1&pageSize=20`,
  );
  modelId = designs.list.find((d) => d.enCode === CODE)!.id;
});

describe('import into a generated form', () => {
  it('imports 1,000 rows with 10 bad ones: 990 in, the failures listed and downloadable', async () => {
    const page = await openAt(`/model/${CODE}`, { token: api.token });
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const wizard = page.locator('.ant-modal').filter({ hasText: '批量导入' }).last();
    await wizard.locator('input[type="file"]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet(),
    });
    await wizard.getByText('devices.xlsx').waitFor();
    await screenshot(page, 'import-upload-1440');
    await wizard.getByRole('button', { name: /下一步/ }).click();
    // the preview is editable: the first row's name is changed before the import
    const first = wizard.getByRole('textbox', { name: '设备名称' }).first();
    await first.waitFor({ timeout: 30_000 });
    await first.fill(`设备${stamp}-改`);
    await screenshot(page, 'import-preview-1440');
    const started = Date.now();
    await wizard.getByRole('button', { name: /开始导入/ }).click();
    await wizard.getByText('成功 990 条，失败 10 条').waitFor({ timeout: 60_000 });
    console.warn(`browser import of 1000 rows: ${Date.now() - started} ms`);
    expect(await wizard.getByText('等级的值不在选项中').count()).toBeGreaterThan(0);
    await screenshot(page, 'import-result-1440');
    const report = page.waitForResponse((r) => r.url().includes(`/OnlineDev/${modelId}/ImportExceptionData`));
    await wizard.getByRole('button', { name: /下载失败数据/ }).click();
    const answer = (await (await report).json()) as { code: number; data: { url: string } };
    expect(answer.code).toBe(200);
    const file = await fetch(`${baseUrl}${answer.data.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
    expect(wb.worksheets[0]!.rowCount).toBe(11);
    // the reason names the row of the uploaded sheet (the first bad one, i = 42, under the header)
    expect(wb.worksheets[0]!.getCell('D2').value).toBe('表格第44行：等级的值不在选项中');
    await wizard
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    const list = await api.ok<{ pagination: { total: number } }>('POST', `/api/visualdev/OnlineDev/${modelId}/List`, {
      currentPage: 1,
      pageSize: 20,
      keyword: `设备${stamp}`,
    });
    expect(list.pagination.total).toBe(990);
    // the edited name is what was stored; the list reloaded after the wizard closed
    const edited = await api.ok<{ pagination: { total: number } }>('POST', `/api/visualdev/OnlineDev/${modelId}/List`, {
      currentPage: 1,
      pageSize: 20,
      keyword: `设备${stamp}-改`,
    });
    expect(edited.pagination.total).toBe(1);
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `设备${stamp}-` })
      .first()
      .waitFor();
    await page.context().close();
  });
});
