// The chat drawer in two browsers at once: the administrator and a user made
// for the test chat with text, an emoji and a picture; each sees the other's messages live, the recipient's
// header badge counts what waits; the history search finds the text; clearing a chat asks first.
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signIn, type Api, createUserWithPassword } from './support/api';
import { expectNoHorizontalOverflow, expectToast, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36);
const ACCOUNT = `chat${stamp}`;
const REAL_NAME = `聊天同事${stamp.slice(-4)}`;
const PASSWORD = 'chat12345';
const TEXT = `你好，这是聊天测试 ${stamp}`;
/** code 100 of the emoji table (messaging/chat/emoji.ts) */
const GRINNING = '😀';

let api: Api;
let userToken: string;
let adminName: string;

/** A small valid PNG (a colour gradient), made here so that no picture is copied from anywhere. */
function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([Math.round((255 * x) / width), Math.round((255 * y) / height), 200], at);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  await createUserWithPassword(api, ACCOUNT, REAL_NAME, PASSWORD);
  userToken = await signIn(baseUrl, ACCOUNT, PASSWORD);
  const me = await api.ok<{ userInfo: { userName: string } }>('GET', '/api/oauth/CurrentUser');
  adminName = me.userInfo.userName;
});

async function openShell(token: string, width = 1440): Promise<Page> {
  return openAt('/home', { token, width });
}

const drawerOf = (page: Page) => page.locator('.ant-drawer-open').filter({ hasText: '即时聊天' }).first();
const chatBadge = (page: Page) => page.getByTestId('header-chat').locator('.ant-badge-count');

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByTestId('header-chat').click();
  const drawer = drawerOf(page);
  await drawer.waitFor();
  return drawer;
}

describe('chat', () => {
  it('two people chat live with text, an emoji and a picture; the badge, history and clearing work', async () => {
    const admin = await openShell(api.token);
    const user = await openShell(userToken);

    // the administrator finds the user among the contacts; the online dot says the user's socket is up
    let adminDrawer = await openDrawer(admin);
    await adminDrawer.getByRole('tab', { name: '联系人' }).click();
    await adminDrawer.getByPlaceholder('搜索姓名或账号').fill(ACCOUNT);
    await adminDrawer.getByPlaceholder('搜索姓名或账号').press('Enter');
    const contact = adminDrawer.getByTestId('chat-contacts').getByRole('button', { name: new RegExp(REAL_NAME) });
    await contact.waitFor();
    await contact.getByTestId('online-dot').waitFor();
    await contact.click();
    const adminPanel = adminDrawer.getByTestId('chat-panel');
    await adminPanel.getByText('暂无消息，打个招呼吧').waitFor();

    // blank text is not sent
    await adminPanel.getByTestId('chat-input').fill('   ');
    expect(await adminPanel.getByTestId('chat-send').isDisabled()).toBe(true);
    await adminPanel.getByTestId('chat-input').press('Enter');

    await adminPanel.getByTestId('chat-input').fill(TEXT);
    await adminPanel.getByTestId('chat-input').press('Enter');
    await adminPanel.getByTestId('chat-messages').getByText(TEXT).waitFor();
    expect(await adminPanel.getByTestId('chat-input').inputValue()).toBe('');
    expect(await adminPanel.getByTestId('chat-message').count()).toBe(1);

    // the recipient's header badge counts it, live
    await expect.poll(() => chatBadge(user).innerText(), { timeout: 15_000 }).toBe('1');
    await screenshot(user, 'chat-badge-1440');

    // the user opens the conversation: the message is there and the badge goes
    const userDrawer = await openDrawer(user);
    const fromAdmin = userDrawer.getByTestId('chat-conversation').filter({ hasText: adminName });
    await fromAdmin.getByText(TEXT).waitFor();
    expect(await fromAdmin.getByText('1', { exact: true }).count()).toBe(1);
    await fromAdmin.getByRole('button').first().click();
    const userPanel = userDrawer.getByTestId('chat-panel');
    await userPanel.getByTestId('chat-messages').getByText(TEXT).waitFor();
    await expect.poll(() => chatBadge(user).count()).toBe(0);

    // the user answers with an emoji from the picker and some text
    await userPanel.getByTestId('chat-emoji').click();
    await user.getByRole('button', { name: GRINNING, exact: true }).waitFor();
    await screenshot(user, 'chat-emoji-picker-1440');
    await user.getByRole('button', { name: GRINNING, exact: true }).click();
    await userPanel.getByTestId('chat-input').press('End');
    await userPanel.getByTestId('chat-input').pressSequentially(' 收到');
    expect(await userPanel.getByTestId('chat-input').inputValue()).toBe('[e:100] 收到');
    await userPanel.getByTestId('chat-send').click();
    await userPanel.getByTestId('chat-messages').getByRole('img', { name: GRINNING }).waitFor();
    // …which the administrator sees live, as the emoji
    await adminPanel.getByTestId('chat-messages').getByRole('img', { name: GRINNING }).waitFor();
    await adminPanel.getByTestId('chat-messages').getByText('收到').waitFor();

    // the administrator sends a picture; both see it, loaded with the token
    await adminPanel.getByTestId('chat-picture-input').setInputFiles({
      name: 'gradient.png',
      mimeType: 'image/png',
      buffer: makePng(160, 100),
    });
    for (const panel of [adminPanel, userPanel]) {
      const image = panel.getByTestId('chat-image').locator('img');
      await image.waitFor();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
    }
    // a file that is not a picture is refused with the message, before any upload
    await adminPanel.getByTestId('chat-picture-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expectToast(admin, '只能上传图片');

    await screenshot(admin, 'chat-admin-1440');
    await screenshot(user, 'chat-user-1440');
    await expectNoHorizontalOverflow(admin);

    // clicking the picture opens the preview
    await userPanel.getByTestId('chat-image').click();
    const preview = user.locator('.ant-image-preview');
    await preview.waitFor();
    await screenshot(user, 'chat-image-preview-1440');
    await user.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // the history search finds the text, marked
    await adminPanel.getByTestId('chat-history').click();
    const history = admin.getByTestId('chat-history-panel');
    await history.getByTestId('chat-history-item').first().waitFor();
    expect(await history.getByTestId('chat-history-item').count()).toBe(3);
    await history.getByRole('searchbox').fill(stamp);
    await history.getByRole('searchbox').press('Enter');
    await expect.poll(() => history.getByTestId('chat-history-item').count()).toBe(1);
    expect(await history.locator('mark').innerText()).toBe(stamp);
    await screenshot(admin, 'chat-history-1440');
    await history.getByRole('searchbox').fill('没有这句话');
    await history.getByRole('searchbox').press('Enter');
    await history.getByText('没有找到相关记录').waitFor();
    await admin.locator('.ant-drawer-open').filter({ hasText: '聊天记录 ·' }).locator('.ant-drawer-close').click();
    await history.waitFor({ state: 'hidden' });

    // at 800 px the chat takes the list's place, with a way back
    await admin.setViewportSize({ width: 800, height: 900 });
    adminDrawer = drawerOf(admin);
    await adminPanel.getByRole('button', { name: '返回' }).waitFor();
    await screenshot(admin, 'chat-admin-800');
    await expectNoHorizontalOverflow(admin);
    await adminPanel.getByRole('button', { name: '返回' }).click();
    await adminDrawer.getByRole('tab', { name: /消息/ }).click();
    const toUser = adminDrawer.getByTestId('chat-conversation').filter({ hasText: REAL_NAME });
    await toUser.waitFor();
    await screenshot(admin, 'chat-list-800');

    // clearing a chat asks first, then empties it
    await toUser.click({ button: 'right' });
    await admin.getByRole('menuitem', { name: '删除聊天记录' }).click();
    const confirm = admin.locator('.ant-modal').filter({ hasText: '确定清空该聊天的所有记录吗？' });
    await confirm.waitFor();
    await screenshot(admin, 'chat-clear-confirm-800');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    await toUser.getByRole('button').first().click();
    await adminPanel.getByText('暂无消息，打个招呼吧').waitFor();
    // the other side keeps its own history
    expect(await userPanel.getByTestId('chat-message').count()).toBe(3);

    await admin.context().close();
    await user.context().close();
  });
});
