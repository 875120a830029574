// The handwritten signature, location and dictionary select widgets in a real browser against the built server:
// the administrator adds a record of a released form, draws a signature on the pad (stored through the upload),
// picks a place from the maps list (through the server's maps routes, on a server of its own whose maps service is
// a local fake, 50 places a page: the list reads page 2 when scrolled to its bottom), picks a dictionary item and a user in the mixed picker, saves,
// and sees the signature picture and the address in the list and the details.
// Screenshots at 1440 and 800 px go to test-results/screenshots/sign-location-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createReleasedDesign } from './support/api';
import { browserForFile, expectToast, openInShell, screenshot } from './support/browser';
import { startFakeMaps, type FakeMaps } from './support/fakeMaps';
import { startServer, type Running } from './support/globalSetup';

const browser = browserForFile();
// a server of this file's own, whose maps service is the local fake
let maps: FakeMaps;
let own: Running;
const openAt = (path: string, width?: number) =>
  openInShell(browser(), own.server.baseUrl, path, { token: own.server.adminToken, width });
const stamp = Date.now().toString(36).slice(-5);
const DESIGN = { fullName: `签到登记${stamp}`, enCode: `signin${stamp}` };
let api: Api;

const formData = {
  labelWidth: 100,
  popupType: 'general',
  generalWidth: '800px',
  idGlobal: 6,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '事项', span: 24, required: true, formId: 1, regList: [] },
      __vModel__: 'subject',
      placeholder: '请输入事项',
    },
    {
      __config__: {
        jnpfKey: 'select',
        label: '性别',
        span: 12,
        dataType: 'dictionary',
        dictionaryType: 'sex',
        formId: 2,
        regList: [],
      },
      __vModel__: 'gender',
      placeholder: '请选择',
      props: { label: 'fullName', value: 'id' },
    },
    {
      __config__: { jnpfKey: 'usersSelect', label: '参与人', span: 12, formId: 5, regList: [] },
      __vModel__: 'people',
      multiple: true,
      placeholder: '请选择参与人',
    },
    {
      __config__: { jnpfKey: 'sign', label: '签名', span: 24, required: true, formId: 3, regList: [] },
      __vModel__: 'signature',
      clearable: true,
    },
    {
      __config__: { jnpfKey: 'location', label: '位置', span: 24, formId: 4, regList: [] },
      __vModel__: 'place',
      clearable: true,
      enableDesktopLocation: true,
      locationScope: [{ lng: 121.4737, lat: 31.2304, radius: 5000 }],
    },
  ],
};
const columnData = {
  type: 1,
  columnList: [
    { label: '事项', prop: 'subject', jnpfKey: 'input' },
    { label: '性别', prop: 'gender', jnpfKey: 'select' },
    { label: '参与人', prop: 'people', jnpfKey: 'usersSelect' },
    { label: '签名', prop: 'signature', jnpfKey: 'sign' },
    { label: '位置', prop: 'place', jnpfKey: 'location' },
  ],
  searchList: [],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'detail', label: '详情' },
  ],
  hasPage: true,
  pageSize: 20,
};

beforeAll(async () => {
  maps = await startFakeMaps();
  own = await startServer(91, maps.env);
  api = new Api(own.server.baseUrl, own.server.adminToken);
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  await createReleasedDesign(api, { ...DESIGN, formData, columnData }, me.userInfo.systemId);
});
afterAll(async () => {
  await own?.stop();
  await maps?.close();
});

const formDialog = (page: Page) =>
  page
    .locator('.ant-modal')
    .filter({ has: page.getByLabel('事项') })
    .last();

async function fill(page: Page, width: number) {
  await page
    .getByRole('button', { name: /新\s*建/ })
    .first()
    .click();
  const dialog = formDialog(page);
  await dialog.waitFor();
  await dialog.getByLabel('事项').fill(`外勤签到 ${width}`);
  await dialog.getByLabel('性别').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('女', { exact: true }).click();

  // the mixed picker's dialog: a keyword lists the matching users, a click selects one, confirm takes it
  await dialog.getByLabel('参与人').click();
  const users = page.locator('.ant-modal').filter({ hasText: '选择用户' });
  await users.getByRole('searchbox').fill('admin');
  await users.getByRole('searchbox').press('Enter');
  await users.getByRole('option', { name: /管理员\/admin/ }).click();
  await users.getByRole('listitem').filter({ hasText: '管理员/admin' }).waitFor();
  await users.getByRole('button', { name: /确\s*定/ }).click();
  await users.waitFor({ state: 'hidden' });

  // the signature pad: its hint until a stroke is drawn
  await dialog.getByRole('button', { name: /手写签名/ }).click();
  const pad = page.getByLabel('签名板');
  await pad.waitFor();
  const hint = page.getByText('请在此区域使用鼠标手写签名');
  await hint.waitFor();
  if (width === 1440) await screenshot(page, 'sign-location-pad-empty-1440');
  // the dialog zooms in as it opens: draw once the pad has stopped moving (two reads 100 ms apart agree)
  let box = (await pad.boundingBox())!;
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const next = (await pad.boundingBox())!;
    const still = next.x === box.x && next.y === box.y && next.width === box.width && next.height === box.height;
    box = next;
    if (still) break;
  }
  await page.mouse.move(box.x + 60, box.y + 150);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 60 + i * 20, box.y + 150 + Math.sin(i / 2) * 60);
  await page.mouse.up();
  await hint.waitFor({ state: 'hidden' });
  await screenshot(page, `sign-location-pad-${width}`);
  await page
    .locator('.ant-modal')
    .filter({ has: pad })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await dialog.getByAltText('签名图片').waitFor();

  // the location: a place from the list; page 2 comes as the list is scrolled to its bottom; nothing is typed in
  maps.pages.length = 0;
  await dialog.getByRole('button', { name: /选择位置/ }).click();
  const picker = page.locator('.ant-modal').filter({ hasText: '附近地点' });
  await picker.getByRole('option', { name: /测试地点50/ }).waitFor();
  expect(await picker.getByLabel('详细地址').count()).toBe(0);
  expect(maps.pages).toEqual([1]);
  await picker.getByTestId('location-places').evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await picker.getByRole('option', { name: /人民广场/ }).click();
  expect(maps.pages).toEqual([1, 2]);
  expect(await picker.getByRole('option').count()).toBe(52);
  await screenshot(page, `sign-location-picker-${width}`);
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.getByText('上海市黄浦区人民大道人民广场').waitFor();
  await screenshot(page, `sign-location-form-${width}`);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '新建成功');
}

describe('signature, location and dictionary select in a released form', () => {
  it('adds a record with a drawn signature and a place from the list, shown in the list and the details', async () => {
    const page = await openAt('/home');
    await page.getByRole('menuitem', { name: new RegExp(DESIGN.fullName) }).click();
    await page.waitForURL(`**/model/${DESIGN.enCode}`);
    await fill(page, 1440);
    const row = page.locator('.ant-table-row').filter({ hasText: '外勤签到 1440' });
    await row.waitFor();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('上海市黄浦区人民大道人民广场');
    expect(await row.innerText()).toContain('女');
    expect(await row.innerText()).toContain('管理员');
    await row.getByAltText('签名图片').waitFor();
    await screenshot(page, 'sign-location-list-1440');
    await row.getByRole('button', { name: '详情' }).click();
    const detail = page.locator('.ant-modal').filter({ hasText: '详情' }).last();
    await detail.getByAltText('签名图片').waitFor();
    await detail.getByText('上海市黄浦区人民大道人民广场').waitFor();
    await screenshot(page, 'sign-location-detail-1440');
  });

  it('works at 800 px wide', async () => {
    const page = await openAt(`/model/${DESIGN.enCode}`, 800);
    await fill(page, 800);
    await page.locator('.ant-table-row').filter({ hasText: '外勤签到 800' }).waitFor();
  });
});
