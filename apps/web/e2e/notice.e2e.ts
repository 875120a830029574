// The notice, message template and send configuration screens in a real browser against the built server:
// the administrator writes a notice with rich text for one user (created through the API), releases it, the
// list shows it released and the user has received it; creates, copies, views and deletes a message template;
// creates a send configuration that uses a template. Screenshots at 1440 and 800 px go to
// test-results/screenshots/notice-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signIn, type Api, createUserWithPassword } from './support/api';
import { expectNoHorizontalOverflow, expectToast, screenshot, dialogWith, pickUserInDialog } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-6);
const ACCOUNT = `ntc${stamp}`;
const REAL_NAME = `公告接收人${stamp}`;
const PASSWORD = 'abc12345';
const NOTICE_TITLE = `季度大会通知${stamp}`;
const TEMPLATE_NAME = `公告提醒${stamp}`;
const TEMPLATE_CODE = `e2e.notice${stamp}`;
const PDF = '%PDF-1.4 季度大会议程';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let api: Api;
let userId: string;

beforeAll(async () => {
  api = await adminApi(baseUrl);
  userId = await createUserWithPassword(api, ACCOUNT, REAL_NAME, PASSWORD);
});

async function open(path: string, width = 1440): Promise<Page> {
  return openAt(path, { token: api.token, width });
}

/** picks an option of the open select dropdown */
async function pick(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');

/** the narrow view of a screen and of its new-record dialog: no sideways scrolling, and a look at both */
async function narrow(path: string, name: string, formTitle: string) {
  const page = await open(path, 800);
  await page.locator('main .ant-table-row').first().waitFor();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, `${name}-list-800`);
  await page
    .locator('main')
    .getByRole('button', { name: /新\s*建/ })
    .click();
  await dialogWith(page, formTitle)
    .getByRole('button', { name: /确\s*定/ })
    .waitFor();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, `${name}-form-800`);
  await page.context().close();
}

describe('notices and the message centre', () => {
  it(
    'writes a rich-text notice for one user, releases it, and the user receives it',
    { timeout: 240_000 },
    async () => {
      const page = await open('/system/notice');
      await page.locator('main .ant-table').waitFor();
      await page
        .locator('main')
        .getByRole('button', { name: /新\s*建/ })
        .click();
      const form = dialogWith(page, '新建公告');
      await form.getByLabel('标题', { exact: true }).fill(NOTICE_TITLE);

      // recipients: one chosen user
      await form.getByLabel('指定用户和部门').check();
      await pickUserInDialog(page, form.getByLabel('用户', { exact: true }), ACCOUNT, `${REAL_NAME}/${ACCOUNT}`);

      // the body: typed, with bold from the toolbar and a bulleted list; then the first line made a red 24 px
      // heading, and a table below
      const body = form.getByRole('textbox', { name: '内容' });
      await body.click();
      await page.keyboard.type('季度大会');
      await page.keyboard.press('Enter');
      await page.keyboard.type('本季度大会在');
      await form.getByRole('button', { name: '加粗' }).click();
      await page.keyboard.type('三楼大礼堂');
      await form.getByRole('button', { name: '加粗' }).click();
      await page.keyboard.type('举行。');
      await page.keyboard.press('Enter');
      await form.getByRole('button', { name: '无序列表' }).click();
      await page.keyboard.type('请准时参加');
      await expect.poll(() => body.innerHTML()).toMatch(/<strong>三楼大礼堂<\/strong>/);

      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Shift+End');
      await form.getByRole('button', { name: '段落格式' }).click();
      await page.locator('.ant-dropdown:visible').getByText('标题 2', { exact: true }).click();
      await form.getByRole('combobox', { name: '字号' }).click();
      await pick(page, '24px');
      await form.getByRole('button', { name: '文字颜色' }).click();
      await page.getByRole('button', { name: '#f5222d' }).click();
      await expect.poll(() => body.locator('h2 span[style*="font-size: 24px"]').textContent()).toBe('季度大会');

      // back into the text at the end of the list. The click also closes the colour panel, and on a busy machine
      // it may only do that, leaving the heading selected (the typing then replaced it): click until the caret
      // is in the list item
      await body.click();
      await page.locator('.ant-popover:not(.ant-popover-hidden)').waitFor({ state: 'hidden' });
      const listItem = body.getByText('请准时参加');
      await expect
        .poll(
          async () => {
            await listItem.click();
            return page.evaluate(() => {
              const selection = window.getSelection();
              return Boolean(selection?.isCollapsed && selection.anchorNode?.textContent?.includes('请准时参加'));
            });
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await form.getByRole('button', { name: '表格' }).click();
      await page.locator('.ant-dropdown:visible').getByText('插入表格（3×3）').click();
      for (const cell of ['项目', '时间', '地点', '大会', '周五', '礼堂']) {
        await page.keyboard.type(cell);
        await page.keyboard.press('Tab');
      }
      await expect.poll(() => body.locator('table td').first().textContent()).toBe('大会');
      await page.keyboard.press('Control+End');
      // a picture of the body goes up through the notice's upload and shows from it (read with the token)
      await form
        .getByTestId('rich-text-image-input')
        .setInputFiles({ name: 'body.png', mimeType: 'image/png', buffer: PNG });
      await body.locator('img[alt="body.png"][src^="blob:"]').waitFor();
      await screenshot(page, 'notice-editor-1440');

      // an attachment and a cover picture, uploaded as they are chosen
      const files = form.locator('input[type="file"]');
      await files.nth(0).setInputFiles({ name: '会议议程.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      await form.getByRole('button', { name: '会议议程.pdf', exact: true }).waitFor();
      await files.nth(1).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
      await form.locator('img[alt="封面图片"]').waitFor();
      await screenshot(page, 'notice-form-1440');

      await form.getByRole('button', { name: /确\s*定/ }).click();
      await expectToast(page, '新建成功');
      const row = page.locator('main .ant-table-row', { hasText: NOTICE_TITLE });
      await row.getByText('存草稿').waitFor();

      // what the server stored: the sanitised HTML and the one recipient
      const listed = await api.ok<{ list: { id: string }[] }>('POST', '/api/message/Notice/List', {
        keyword: NOTICE_TITLE,
      });
      const id = listed.list[0]!.id;
      const info = await api.ok<{ bodyText: string; toUserIds: string; files: string; coverImage: string }>(
        'GET',
        `/api/message/Notice/${id}`,
      );
      expect(info.toUserIds).toBe(`${userId}--user`);
      expect(JSON.parse(info.files)).toEqual([
        expect.objectContaining({ name: '会议议程.pdf', fileExtension: 'pdf', fileSize: Buffer.byteLength(PDF) }),
      ]);
      expect(info.coverImage).toMatch(/^\/api\/message\/Notice\/File\/\d{8}_[0-9a-f]+\.png$/);
      expect(info.bodyText).toContain('<strong>三楼大礼堂</strong>');
      expect(info.bodyText).toContain('<ul><li><p>请准时参加</p></li></ul>');
      expect(info.bodyText).toMatch(
        /^<h2><span style="(color:(#f5222d|rgb\(245, 34, 45\));font-size:24px|font-size:24px;color:(#f5222d|rgb\(245, 34, 45\)))">季度大会<\/span><\/h2>/,
      );
      expect(info.bodyText).toContain('<th><p>项目</p></th><th><p>时间</p></th><th><p>地点</p></th>');
      expect(info.bodyText).toMatch(
        /<img src="\/api\/message\/Notice\/File\/\d{8}_[0-9a-f]+\.png" alt="body\.png" \/>/,
      );
      expect(info.bodyText).toContain('<td><p>大会</p></td><td><p>周五</p></td><td><p>礼堂</p></td>');

      // release, through its confirmation
      await row.getByRole('button', { name: /更多/ }).click();
      await page.locator('.ant-dropdown:visible').getByText('发布', { exact: true }).click();
      await confirmDialog(page)
        .getByText(/发布后将向接收人发送站内信/)
        .waitFor();
      await confirmDialog(page)
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await expectToast(page, '发布成功');
      await row.getByText('已发布').waitFor();
      expect(await row.getByRole('button', { name: /编\s*辑/ }).isDisabled()).toBe(true);
      await screenshot(page, 'notice-list-1440');

      // the detail shows the body as the server stored it
      await row.getByRole('button', { name: NOTICE_TITLE }).click();
      const detail = dialogWith(page, '详情');
      await detail.locator('strong', { hasText: '三楼大礼堂' }).waitFor();
      await detail.locator('h2 span[style*="font-size: 24px"]', { hasText: '季度大会' }).waitFor();
      await detail.locator('table td', { hasText: '周五' }).waitFor();
      await detail.locator('img[alt="body.png"][src^="blob:"]').waitFor();
      await detail.getByText('管理员/admin 发布于', { exact: false }).waitFor();
      await detail.locator('img[alt="封面图片"]').waitFor();
      await screenshot(page, 'notice-detail-1440');
      await page.setViewportSize({ width: 800, height: 900 });
      await expectNoHorizontalOverflow(page);
      await screenshot(page, 'notice-detail-800');
      await page.setViewportSize({ width: 1440, height: 900 });
      // the attachment downloads under its own name, with its content
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        detail.getByRole('button', { name: '会议议程.pdf', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('会议议程.pdf');
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(PDF);
      await page.context().close();

      // the chosen user has the notice among their messages
      const token = await signIn(baseUrl, ACCOUNT, PASSWORD);
      const response = await fetch(`${baseUrl}/api/message?type=3&currentPage=1&pageSize=20`, {
        headers: { Authorization: token, 'jnpf-origin': 'pc' },
      });
      const mine = (await response.json()) as { data: { list: { title: string }[] } };
      expect(mine.data.list.map((m) => m.title)).toContain(NOTICE_TITLE);

      await narrow('/system/notice', 'notice', '新建公告');
    },
  );

  it('creates, copies, views and deletes a message template', { timeout: 240_000 }, async () => {
    const page = await open('/msgCenter/msgTemplate');
    await page.locator('main .ant-table').waitFor();
    await page
      .locator('main')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const form = dialogWith(page, '新建消息模板');
    await form.getByLabel('名称', { exact: true }).fill(TEMPLATE_NAME);
    await form.getByLabel('编码', { exact: true }).fill(TEMPLATE_CODE);
    await form.getByLabel('消息来源').click();
    await pick(page, '公告消息');
    // the notice source brings its parameters; a click puts one into the title
    await form.getByRole('button', { name: '@Title' }).click();
    const title = form.getByLabel('消息标题');
    await title.press('End');
    await title.pressSequentially(' 已发布');
    await expect.poll(() => title.inputValue()).toBe('{@Title} 已发布');
    await screenshot(page, 'notice-template-form-1440');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '创建成功');
    // the copy's code starts with the original's: the original is the row with exactly this code
    const row = page.locator('main .ant-table-row').filter({ has: page.getByText(TEMPLATE_CODE, { exact: true }) });
    await row.waitFor();

    // copy, through its confirmation
    await row.getByRole('button', { name: /更多/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('复制', { exact: true }).click();
    await confirmDialog(page).getByText('您确定要复制该消息模板, 是否继续?').waitFor();
    await confirmDialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectToast(page, '复制数据成功');
    const copy = page.locator('main .ant-table-row', { hasText: `${TEMPLATE_NAME}.副本` });
    await copy.waitFor();
    await copy.getByText('禁用').waitFor();

    // the read-only view
    await row.getByRole('button', { name: /更多/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('详情', { exact: true }).click();
    const view = dialogWith(page, '消息模板详情');
    await view.getByText(TEMPLATE_CODE, { exact: true }).waitFor();
    await view.getByText('{@Title} 已发布').waitFor();
    await view.getByText('@Remark').waitFor();
    await screenshot(page, 'notice-template-view-1440');
    await view.locator('.ant-modal-close').click();

    // a WeChat template asks for the provider's template code, the jump and the variables instead of text
    await page
      .locator('main')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const wechat = dialogWith(page, '新建消息模板');
    await wechat.getByLabel('消息来源').click();
    await pick(page, '公告消息');
    await wechat.getByLabel('消息类型').click();
    await pick(page, '微信公众号');
    await wechat.getByRole('button', { name: /添加一行/ }).click();
    await wechat.getByRole('button', { name: /添加一行/ }).click();
    await wechat.getByLabel('变量 1').fill('first');
    await wechat.getByLabel('变量 2').fill('first');
    await wechat.getByRole('button', { name: /确\s*定/ }).click();
    await wechat.getByText('请输入模板编号').waitFor();
    await wechat.getByText('第1行请选择参数').waitFor();
    await screenshot(page, 'notice-template-wechat-1440');
    await wechat.getByRole('button', { name: /取\s*消/ }).click();

    // delete the copy, through its confirmation
    await copy.getByRole('button', { name: /删\s*除/ }).click();
    await confirmDialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectToast(page, '删除成功');
    await expect.poll(() => copy.count()).toBe(0);
    await screenshot(page, 'notice-template-list-1440');
    await page.context().close();

    await narrow('/msgCenter/msgTemplate', 'notice-template', '新建消息模板');
  });

  it('creates a send configuration that uses a template', { timeout: 240_000 }, async () => {
    const page = await open('/msgCenter/sendConfig');
    await page.locator('main .ant-table').waitFor();
    await page
      .locator('main')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const form = dialogWith(page, '新建发送配置');
    await form.getByLabel('名称', { exact: true }).fill(`公告发送${stamp}`);
    await form.getByLabel('编码', { exact: true }).fill(`e2e.send${stamp}`);
    await form.getByLabel('消息来源').click();
    await pick(page, '公告消息');
    await form.getByRole('button', { name: /添加模板/ }).click();
    const line = dialogWith(page, '添加模板');
    await line.getByLabel('消息类型').click();
    await pick(page, '站内信');
    await line.getByLabel('模板名称').click();
    await pick(page, TEMPLATE_NAME);
    await expect.poll(() => line.getByRole('textbox', { name: '模板编码' }).inputValue()).toBe(TEMPLATE_CODE);
    await line.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText(TEMPLATE_CODE).waitFor();
    await screenshot(page, 'notice-sendConfig-form-1440');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '创建成功');
    const row = page.locator('main .ant-table-row', { hasText: `e2e.send${stamp}` });
    await row.getByText('站内信').waitFor();

    await row.getByRole('button', { name: /更多/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('详情', { exact: true }).click();
    const detail = dialogWith(page, '发送配置详情');
    await detail.getByText(TEMPLATE_NAME).waitFor();
    await screenshot(page, 'notice-sendConfig-detail-1440');
    await detail.locator('.ant-modal-close').click();
    await screenshot(page, 'notice-sendConfig-list-1440');
    await page.context().close();

    await narrow('/msgCenter/sendConfig', 'notice-sendConfig', '新建发送配置');
  });
});
