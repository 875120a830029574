// The schedule calendar in a real browser against the built server: the administrator opens 日程安排 by its
// menu route, creates a daily repeating schedule with a participant, sees it in the month and week views,
// gives it an attachment through the form, opens its detail and downloads the attachment, edits "this and the
// following" occurrences, deletes "this one", and the participant (signed in in a second browser context)
// sees the schedules, downloads the attachment and may not change them.
// Screenshots at 1440 and 800 px go to test-results/screenshots/schedule-*.png.
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createUserWithMenus, signIn } from './support/api';
import { expectNoHorizontalOverflow, expectToast, pickUserInDialog, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const TITLE = `晨会${stamp}`;
const CHANGED = `站会${stamp}`;
const participant = { account: `sch${stamp}`, realName: `日程参与人${stamp}` };
const FILE = `议程${stamp}.pdf`;
const PDF = `%PDF-1.4 日程议程 ${stamp}`;
const today = dayjs().startOf('day');
const day = (offset: number) => today.add(offset, 'day').format('YYYY-MM-DD');
let api: Api;
let participantToken = '';

beforeAll(async () => {
  api = await adminApi(baseUrl);
  await createUserWithMenus(api, participant.account, participant.realName);
  const config = await api.ok<{ newUserDefaultPassword?: string }>('GET', '/api/system/SysConfig');
  participantToken = await signIn(baseUrl, participant.account, config.newUserDefaultPassword || '0000');
});

async function open(token: string, width = 1440): Promise<Page> {
  const page = await openAt('/system/schedule', { token, width });
  await page.getByTestId('schedule-heading').waitFor();
  return page;
}

/** the dialog with this title */
const dialog = (page: Page, title: string) =>
  page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) })
    .last();
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
/** the month cell of a day */
const monthCell = (page: Page, date: string) => page.locator(`.ant-picker-calendar [data-day="${date}"]`);

/** types a date (and time) into a date picker and commits it */
async function typeDate(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function choose(page: Page, scope: Locator, label: string, option: string, search?: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  if (search) await box.fill(search);
  await dropdown(page).getByTitle(option, { exact: true }).first().click();
}

/** clicks the attachment in a detail dialog and answers what the browser saved, and under which name */
async function downloadFrom(page: Page, detail: Locator): Promise<[string, string]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('button', { name: FILE }).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return [download.suggestedFilename(), Buffer.concat(chunks).toString()];
}

async function chooseScope(page: Page, title: string, scope: string) {
  const prompt = dialog(page, title);
  await prompt.getByLabel(scope, { exact: true }).check();
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
}

async function titlesOnServer(token: string): Promise<[string, string][]> {
  const mine = new Api(baseUrl, token);
  const { list } = await mine.ok<{ list: { title: string; startDay: number }[] }>(
    'GET',
    `/api/system/Schedule?startTime=${encodeURIComponent(`${day(-1)} 00:00`)}&endTime=${encodeURIComponent(`${day(10)} 00:00`)}`,
  );
  return list
    .filter((r) => r.title === TITLE || r.title === CHANGED)
    .map((r) => [dayjs(r.startDay).format('YYYY-MM-DD HH:mm'), r.title]);
}

describe('schedules', () => {
  it('creates a daily repeating schedule with a participant, edits this and following, deletes this one', async () => {
    const page = await open(api.token);
    await expect.poll(() => page.getByTestId('schedule-heading').innerText()).toBe(today.format('YYYY年M月'));

    // a new schedule, 09:00–09:30 every day for five days, with a participant
    await page
      .locator('main')
      .getByRole('button', { name: /新建日程/ })
      .click();
    const form = dialog(page, '新建日程');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('日程标题不能为空').waitFor();
    await form.getByLabel('标题', { exact: true }).fill(TITLE);
    await choose(page, form, '类型', '会议');
    await form.getByLabel('重要', { exact: true }).check();
    await form.getByRole('switch', { name: '全天' }).click();
    await typeDate(form, '开始时间', `${day(0)} 09:00`);
    await typeDate(form, '结束时间', `${day(0)} 08:00`);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('结束时间不能早于开始时间').waitFor();
    await typeDate(form, '结束时间', `${day(0)} 09:30`);
    await choose(page, form, '重复', '每天重复');
    await typeDate(form, '结束重复', day(4));
    await choose(page, form, '提醒时间', '提前15分钟');
    // the participant: found by a keyword in the "select user" dialog (no list of every user)
    await pickUserInDialog(
      page,
      form.getByLabel('参与人', { exact: true }),
      participant.account,
      `${participant.realName}/${participant.account}`,
      'schedule-participants',
    );
    await form.getByTitle(`${participant.realName}/${participant.account}`).first().waitFor();
    await form.getByLabel('内容', { exact: true }).fill('每日同步进度');
    // an attachment, uploaded as it is chosen
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
    await form.getByRole('button', { name: FILE, exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-form-1440');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    await form.waitFor({ state: 'hidden' });
    expect(await titlesOnServer(api.token)).toEqual([0, 1, 2, 3, 4].map((d) => [`${day(d)} 09:00`, TITLE]));

    // month view: one entry a day for five days
    for (const d of [0, 1, 2, 3, 4]) await monthCell(page, day(d)).getByText(TITLE).waitFor();
    await expect.poll(() => page.locator('.ant-picker-calendar').getByText(TITLE).count()).toBe(5);
    await screenshot(page, 'schedule-month-1440');

    // two more through the API: an all-day one and an urgent one overlapping the new schedule
    const at = (time: string) => dayjs(`${day(0)} ${time}`).valueOf();
    await api.ok('POST', '/api/system/Schedule', {
      title: `全天${stamp}`,
      allDay: 1,
      startDay: at('00:00'),
      endDay: at('00:00'),
    });
    await api.ok('POST', '/api/system/Schedule', {
      title: `评审${stamp}`,
      urgent: '3',
      allDay: 0,
      startDay: at('09:15'),
      startTime: '09:15',
      endDay: at('10:30'),
      endTime: '10:30',
    });
    await page.getByRole('button', { name: '刷新' }).click();
    await monthCell(page, day(0)).getByText(`评审${stamp}`).waitFor();

    // week view: today's occurrence at 09:00 in today's column, beside the overlapping one; the all-day
    // schedule in the all-day row
    await page.getByText('周', { exact: true }).click();
    const grid = page.getByTestId('schedule-time-grid');
    const block = grid.locator(`[data-day="${day(0)}"] button`, { hasText: TITLE });
    await block.waitFor();
    await grid.locator(`[data-day="${day(0)}"] button`, { hasText: `评审${stamp}` }).waitFor();
    await grid
      .locator(`[data-all-day="${day(0)}"]`)
      .getByText(`全天${stamp}`)
      .waitFor();
    const [mine, other] = await Promise.all([
      block.boundingBox(),
      grid.locator(`[data-day="${day(0)}"] button`, { hasText: `评审${stamp}` }).boundingBox(),
    ]);
    // side by side, each half of the column
    expect(Math.abs(mine!.width - other!.width)).toBeLessThan(2);
    expect(other!.x).toBeGreaterThan(mine!.x + mine!.width - 2);
    await screenshot(page, 'schedule-week-1440');

    // its detail
    await block.click();
    let detail = dialog(page, '详情');
    await detail.getByText('每天重复').waitFor();
    await detail.getByText(`${participant.realName}/${participant.account}`).waitFor();
    await detail.getByText('每日同步进度').waitFor();
    await detail.getByText(`${day(0)} 09:00`).waitFor();
    await screenshot(page, 'schedule-detail-1440');
    // the attachment downloads under its own name, with its content
    expect(await downloadFrom(page, detail)).toEqual([FILE, PDF]);
    await detail
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await detail.waitFor({ state: 'hidden' });

    // edit the second occurrence and the following ones: a new title, 10:00–10:45
    await page.getByText('月', { exact: true }).click();
    await monthCell(page, day(1)).getByText(TITLE).click();
    detail = dialog(page, '详情');
    await detail.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialog(page, '编辑日程');
    await expect.poll(() => edit.getByLabel('标题', { exact: true }).inputValue()).toBe(TITLE);
    await edit.getByLabel('标题', { exact: true }).fill(CHANGED);
    await typeDate(edit, '开始时间', `${day(1)} 10:00`);
    await typeDate(edit, '结束时间', `${day(1)} 10:45`);
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await chooseScope(page, '编辑重复日程', '此日程及后续日程');
    await expectToast(page, '更新成功');
    await edit.waitFor({ state: 'hidden' });
    expect(await titlesOnServer(api.token)).toEqual([
      [`${day(0)} 09:00`, TITLE],
      ...[1, 2, 3, 4].map((d): [string, string] => [`${day(d)} 10:00`, CHANGED]),
    ]);
    await monthCell(page, day(2)).getByText(CHANGED).waitFor();
    await monthCell(page, day(0)).getByText(TITLE).waitFor();

    // delete the third occurrence alone
    await monthCell(page, day(2)).getByText(CHANGED).click();
    detail = dialog(page, '详情');
    await detail.getByText('10:45').waitFor();
    await detail.getByRole('button', { name: /删\s*除/ }).click();
    const prompt = dialog(page, '删除重复日程');
    await prompt.getByRole('button', { name: /确\s*定/ }).click();
    await prompt.getByText('请选择日程').waitFor();
    await screenshot(page, 'schedule-delete-scope-1440');
    await chooseScope(page, '删除重复日程', '此日程');
    await expectToast(page, '删除成功');
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => monthCell(page, day(2)).getByText(CHANGED).count()).toBe(0);
    expect(await titlesOnServer(api.token)).toEqual([
      [`${day(0)} 09:00`, TITLE],
      ...[1, 3, 4].map((d): [string, string] => [`${day(d)} 10:00`, CHANGED]),
    ]);
    await page.context().close();

    // narrow window
    const narrow = await open(api.token, 800);
    await monthCell(narrow, day(0)).getByText(TITLE).waitFor();
    await expectNoHorizontalOverflow(narrow);
    await screenshot(narrow, 'schedule-month-800');
    await narrow.getByText('周', { exact: true }).click();
    await narrow
      .getByTestId('schedule-time-grid')
      .locator(`[data-day="${day(0)}"] button`, { hasText: TITLE })
      .waitFor();
    await expectNoHorizontalOverflow(narrow);
    await screenshot(narrow, 'schedule-week-800');
    await narrow.getByText('日', { exact: true }).click();
    await expectNoHorizontalOverflow(narrow);
    await screenshot(narrow, 'schedule-day-800');
    await narrow.context().close();
  });

  it('shows the participant the schedules they take part in, without changing them', async () => {
    expect(await titlesOnServer(participantToken)).toEqual([
      [`${day(0)} 09:00`, TITLE],
      ...[1, 3, 4].map((d): [string, string] => [`${day(d)} 10:00`, CHANGED]),
    ]);
    const page = await open(participantToken);
    await monthCell(page, day(0)).getByText(TITLE).waitFor();
    await monthCell(page, day(1)).getByText(CHANGED).waitFor();
    await monthCell(page, day(1)).getByText(CHANGED).click();
    const detail = dialog(page, '详情');
    await detail.getByText('管理员', { exact: false }).first().waitFor();
    await detail.getByText(`${participant.realName}/${participant.account}`).waitFor();
    expect(await detail.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    // the edit kept the attachment; a participant reads it too
    expect(await downloadFrom(page, detail)).toEqual([FILE, PDF]);
    await screenshot(page, 'schedule-participant-1440');
    await page.context().close();
  });
});
