// The forced change of an initial password: a new user signs in while the configuration
// demands the change; the dialog cannot be dismissed and says which required field is empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createUserWithMenus, type Api } from './support/api';
import { expectToast, newPage, screenshot, signInThroughPage, waitForShell } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser } = browserTestFile();
const ACCOUNT = `e2e${Date.now().toString(36)}`;
/** The default password of new users while the test runs; it must satisfy the policy the test switches on. */
const INITIAL_PASSWORD = 'Initial2024';
let api: Api;
let previous: Record<string, unknown> = {};

beforeAll(async () => {
  api = await adminApi(baseUrl);
  previous = await api.patchSysConfig({
    newUserDefaultPassword: INITIAL_PASSWORD,
    mandatoryModificationOfInitialPassword: 1,
    passwordStrengthLimit: 1,
    passwordLengthMin: 1,
    passwordLengthMinNumber: 8,
    containsNumbers: 1,
  });
  await createUserWithMenus(api, ACCOUNT, '初始密码用户');
});

afterAll(async () => {
  if (api) await api.patchSysConfig(previous);
});

describe('forced password change', () => {
  it('opens after sign-in, cannot be dismissed and applies the password policy', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await signInThroughPage(page, ACCOUNT, INITIAL_PASSWORD);
    await waitForShell(page);
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改初始密码' });
    await dialog.waitFor();
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /取\s*消/ }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5); // the mask
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    // Every field is required, each with its own message.
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    for (const message of ['旧密码不能为空', '新密码不能为空', '重复密码不能为空', '验证码不能为空'])
      await dialog.getByText(message).waitFor();

    // The policy: at least 8 characters, with a digit.
    await dialog.getByPlaceholder('请输入旧密码').fill(INITIAL_PASSWORD);
    await dialog.getByPlaceholder('请输入新密码').fill('short1');
    await dialog.getByText('新密码长度不能小于8位').waitFor();
    await dialog.getByPlaceholder('请输入新密码').fill('longenough');
    await dialog.getByText('新密码必须包含数字').waitFor();
    await dialog.getByPlaceholder('请输入新密码').fill('longenough1');
    await dialog.getByPlaceholder('请再次输入新密码').fill('longenough2');
    await dialog.getByText('两次密码输入不一致').waitFor();
    await dialog.getByPlaceholder('请再次输入新密码').fill('longenough1');

    // The captcha image is shown; a wrong answer is refused by the server and the image changes.
    const captcha = dialog.getByAltText('验证码');
    await expect.poll(() => captcha.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const firstCaptcha = await captcha.getAttribute('src');
    await dialog.getByPlaceholder('请输入验证码').fill('zzzz');
    await screenshot(page, 'forced-password-change');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '验证码错误');
    await expect.poll(() => captcha.getAttribute('src')).not.toBe(firstCaptcha);
    expect(await dialog.isVisible()).toBe(true);

    // Still demanded after a reload.
    await page.reload();
    await page.locator('.ant-modal').filter({ hasText: '修改初始密码' }).waitFor();
    await page.context().close();
  });
});
