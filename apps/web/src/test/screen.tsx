// Test helpers of the list screens (used by *.test.tsx only): a fetch mock answering API paths, and a render with the query
// client and a module granting the given buttons.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ModuleContext } from '../platform/auth/moduleContext';
import { i18n } from '../platform/i18n';
import { useSession } from '../platform/session';

// antd screens in jsdom on a shared, busy machine: give findBy… and waitFor time
configure({ asyncUtilTimeout: 10_000 });

export interface Call {
  method: string;
  path: string;
  url: string;
  body: unknown;
}

type Reply = (call: Call) => unknown;

/** what every list frame reads and writes besides its page's own calls: the user's column settings of menu 'm' */
const FRAME_ROUTES: Record<string, Reply | object> = {
  'GET /api/permission/Authority/GetColumnsByModuleId/m': [],
  'PUT /api/permission/Authority/SetColumnsByModuleId': { code: 200, msg: '操作成功', data: null },
};

/**
 * stubs fetch: each "METHOD /api/path" answers exactly that method and path (the query aside) with
 * {code:200,msg,data:reply}, or with the reply itself when it has a code; any other call gets code 400. The list
 * frame's column settings answer as none saved unless the routes say otherwise.
 */
export function serveApi(given: Record<string, Reply | object>) {
  const routes = { ...FRAME_ROUTES, ...given };
  for (const key of Object.keys(given)) {
    if (!/^[A-Z]+ \/\S*$/.test(key)) throw new Error(`serveApi: name the method and path of "${key}"`);
  }
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = new URL(url, 'http://x').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* form body */
      }
    }
    const call = { method, path, url, body };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) return new Response(JSON.stringify({ code: 400, msg: `unexpected ${key}` }));
    const reply = routes[key]!;
    const answer = typeof reply === 'function' ? (reply as Reply)(call) : reply;
    const envelope =
      answer && typeof answer === 'object' && 'code' in (answer as object)
        ? answer
        : { code: 200, msg: 'Success', data: answer };
    return new Response(JSON.stringify(envelope));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ALL_BUTTONS = [
  'btn_add',
  'btn_edit',
  'btn_remove',
  'btn_resetPassword',
  'btn_unlock',
  'btn_import',
  'btn_export',
  'btn_handover',
  'btn_copy',
  'btn_member',
  'btn_auth',
  'btn_batchAuth',
  'btn_offline',
];

export function renderScreen(ui: ReactNode, buttons: readonly string[] = ALL_BUTTONS) {
  void i18n.changeLanguage('zh');
  useSession.setState({
    permissionList: [
      {
        modelId: 'm',
        moduleName: 'M',
        button: buttons.map((enCode) => ({ id: enCode, fullName: enCode, enCode })),
        column: [],
        form: [],
        resource: [],
      },
    ],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ModuleContext.Provider value={{ menuId: 'm', title: 'M' }}>{ui}</ModuleContext.Provider>
    </QueryClientProvider>,
  );
}

/** a paged answer */
export const paged = (list: unknown[]) => ({
  list,
  pagination: { currentPage: 1, pageSize: 20, total: list.length },
});
