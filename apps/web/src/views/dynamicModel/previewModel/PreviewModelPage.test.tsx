import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoutes } from '../../../app/routes/routeTable';
import { appViewRegistry } from '../../../app/routes/viewRegistry';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import type { ListBody } from '../api';
import DynamicModelView from '../DynamicModelView';
import { BASE, config, rows } from '../testing';
import PreviewModelPage from './PreviewModelPage';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi()
    .on('GET', `${BASE}/Config`, ok(config()))
    .on('POST', `${BASE}/List`, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 2 } }));
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/previewModel', element: <PreviewModelPage /> }], {
    initialEntries: [path],
  });
  // a designer trying the draft holds none of the function's menu buttons
  return renderAdmin(<RouterProvider router={router} />, []);
}

describe('/previewModel', () => {
  it('shows the draft (Config?type=0) with every configured button', async () => {
    renderAt('/previewModel?id=mod1');
    expect(await screen.findByText('苹果', {}, { timeout: 20_000 })).toBeTruthy();
    expect(api.callsTo('GET', `${BASE}/Config`)[0]!.query.get('type')).toBe('0');
    expect((api.callsTo('POST', `${BASE}/List`)[0]!.body as ListBody).menuId).toBe('');
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    const row = within(document.querySelector<HTMLElement>('.ant-table-tbody')!).getByText('苹果').closest('tr')!;
    expect(within(row).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    // the function's own name heads the list
    expect(screen.getByText('水果台账')).toBeTruthy();
  });

  it('says what is missing without an id', async () => {
    renderAt('/previewModel');
    expect(await screen.findByText('缺少功能编号，请从功能设计中打开预览')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server refusal of the draft', async () => {
    api.on('GET', `${BASE}/Config`, { code: 400, msg: '没有访问权限' });
    renderAt('/previewModel?id=mod1');
    expect(await screen.findByText('没有访问权限')).toBeTruthy();
  });
});

describe('/previewModel: the widget gallery inside the preview', () => {
  it('offers 组件示例 to a user without the gallery menu, shows the gallery in place and goes back', async () => {
    setRoutes([]);
    renderAt('/previewModel?id=mod1');
    expect(await screen.findByText('苹果', {}, { timeout: 20_000 })).toBeTruthy();
    screen.getByRole('button', { name: /组件示例/ }).click();
    expect(await screen.findByRole('heading', { name: '组件示例' }, { timeout: 20_000 })).toBeTruthy();
    expect(document.querySelector('article[data-jnpf-key="input"]')).toBeTruthy();
    expect(screen.queryByText('苹果')).toBeNull();
    screen.getByRole('button', { name: /返回功能预览/ }).click();
    expect(await screen.findByText('苹果', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('shows the gallery at ?view=widgets without a function', async () => {
    renderAt('/previewModel?view=widgets');
    expect(await screen.findByRole('heading', { name: '组件示例' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /返回功能预览/ })).toBeNull();
  });
});

describe('menu type 3', () => {
  it('is served by the dynamicModel runtime view of the registry (its own chunk)', async () => {
    const load = appViewRegistry.runtimes.dynamicModel;
    expect(load).toBeTypeOf('function');
    expect((await load!()).default).toBe(DynamicModelView);
  });
});
