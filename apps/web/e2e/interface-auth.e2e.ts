// Interface authentication (接口认证) in a real browser against the built server: the administrator makes an
// application allowed to call a static interface, opens 更多 → 获取认证 on its row and reads the signed headers
// the dialog shows; an outside call with exactly those headers gets the interface's rows, and the same headers
// sent again are refused as a replay.
// Screenshots: test-results/screenshots/interface-auth-sign-{1440,800}.png.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { dialogWith, expectNoHorizontalOverflow, rowMoreAction, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const appId = `e2eapp${stamp}`;
let api: Api;
let interfaceId: string;

interface DictionaryEntry {
  enCode: string;
  dictionaryList: { id: string }[];
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const all = await api.ok<{ list: DictionaryEntry[] }>('GET', '/api/system/DictionaryData/All');
  const category = all.list.find((entry) => entry.enCode === 'DataInterfaceType')?.dictionaryList[0]?.id;
  if (!category) throw new Error('the DataInterfaceType dictionary has no category');
  interfaceId = await api.ok<string>('POST', '/api/system/DataInterface', {
    fullName: `静态部门${stamp}`,
    enCode: `e2e.auth${stamp}`,
    category,
    type: 2,
    hasPage: 0,
    action: 0,
    enabledMark: 1,
    sortCode: 0,
    description: '',
    dataConfigJson: JSON.stringify({ staticData: JSON.stringify([{ id: 'd1', fullName: '财务部' }]) }),
  });
  await api.ok('POST', '/api/system/InterfaceOauth', {
    appId,
    appName: `对账系统${stamp}`,
    appSecret: `secret${stamp}secret`,
    verifySignature: 1,
    usefulLife: null,
    whiteList: '',
    sortCode: 0,
    enabledMark: 1,
    description: '',
  });
  const apps = await api.ok<{ list: { id: string; appId: string }[] }>(
    'GET',
    `/api/system/InterfaceOauth?keyword=${appId}`,
  );
  const id = apps.list.find((row) => row.appId === appId)!.id;
  await api.ok('POST', '/api/system/InterfaceOauth/saveInterfaceList', {
    interfaceIdentId: id,
    dataInterfaceIds: interfaceId,
  });
});

describe('interface authentication', () => {
  it('shows signed headers that an outside call can use once', async () => {
    const page = await openAt('/systemData/interfaceAuth', { token: api.token, width: 1440 });
    const row = page.locator('tr', { hasText: appId });
    await row.waitFor();
    await rowMoreAction(page, row, '获取认证');
    const dialog = dialogWith(page, `获取认证 - 对账系统${stamp}`);
    await dialog.getByText('X-Signature').waitFor();
    await expect
      .poll(() => dialog.getByText(`/api/system/DataInterface/${interfaceId}/Actions/Response`).count())
      .toBe(1);
    await screenshot(page, 'interface-auth-sign-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'interface-auth-sign-800');

    const headers: Record<string, string> = {};
    for (const tr of await dialog.locator('.ant-table-tbody tr').all()) {
      const cells = await tr.locator('td').allInnerTexts();
      headers[cells[0]!.trim()] = cells[1]!.trim();
    }
    expect(Object.keys(headers).sort()).toEqual(['X-App-Id', 'X-Nonce', 'X-Signature', 'X-Timestamp']);
    const outside = () =>
      fetch(`${baseUrl}/api/system/DataInterface/${interfaceId}/Actions/Response`, { headers }).then(
        (r) => r.json() as Promise<{ code: number; msg: string; data: unknown }>,
      );
    const first = await outside();
    expect(first.code, first.msg).toBe(200);
    expect(JSON.stringify(first.data)).toContain('财务部');
    expect((await outside()).code).not.toBe(200);
  });
});
