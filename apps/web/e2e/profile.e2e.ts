// The profile page: personal information with its field rules, signatures drawn on the pad, organisations
// and the sign-in log.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { expectToast, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

async function openProfile(): Promise<Page> {
  return openAt('/profile', { token: api.token });
}

describe('profile', () => {
  it('edits personal information with the field rules’ messages', async () => {
    const page = await openProfile();
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await page.locator('input#mobilePhone').fill('12345');
    await page.getByText('请正确输入您的手机号').waitFor();
    await page.locator('input#email').fill('not-an-email');
    await page.getByText('请正确输入您的邮箱地址').waitFor();
    await screenshot(page, 'profile-edit');
    await page.locator('input#mobilePhone').fill('13800138000');
    await page.locator('input#email').fill('admin@example.com');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('button', { name: /编\s*辑/ }).waitFor();
    await page.getByText('13800138000').waitFor();
    const info = await api.ok<{ mobilePhone: string; email: string }>('GET', '/api/permission/Users/Current/BaseInfo');
    expect(info).toMatchObject({ mobilePhone: '13800138000', email: 'admin@example.com' });
    await page.context().close();
  });

  it('draws a signature on the pad, saves it as the default and deletes it', async () => {
    const page = await openProfile();
    await page.getByRole('tab', { name: '我的签名' }).click();
    await page.getByRole('button', { name: '新建签名' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建签名' });
    await dialog.getByText('请在此区域内签名').waitFor();
    // Confirming an empty pad asks for a signature.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '请签名');

    const canvas = dialog.getByTestId('signature-canvas');
    // The pad's own size (a bounding box would include the dialog's opening zoom).
    expect(await canvas.evaluate((element) => [element.clientWidth, element.clientHeight])).toEqual([560, 300]);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 60, box.y + 200);
    await page.mouse.down();
    for (let step = 1; step <= 20; step += 1)
      await page.mouse.move(box.x + 60 + step * 20, box.y + 200 - Math.sin(step / 3) * 80);
    await page.mouse.up();
    expect(await dialog.getByText('请在此区域内签名').count()).toBe(0);
    await screenshot(page, 'signature-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('img[alt="签名"]').first().waitFor();
    await page.getByText('默认', { exact: true }).waitFor();
    const saved = await api.ok<{ id: string; signImg: string; isDefault: number }[]>(
      'GET',
      '/api/permission/Users/Current/SignImg',
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ isDefault: 1 });
    expect(saved[0]!.signImg).toMatch(/^data:image\/png;base64,/);

    await page.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('暂无签名').waitFor();
    await page.context().close();
  });

  it('lists my organisations and my sign-in log', async () => {
    const page = await openProfile();
    await page.getByRole('tab', { name: '我的组织' }).click();
    await page.getByRole('cell', { name: '智慧园区集团' }).waitFor();
    await page.getByText('主组织').waitFor();
    await page.getByRole('tab', { name: '登录日志' }).click();
    await page.getByRole('cell', { name: '127.0.0.1' }).first().waitFor();
    await screenshot(page, 'profile-login-log');
    await page.context().close();
  });
});
