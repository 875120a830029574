// Test helpers of the administration kit and screens (used by *.test.tsx only): providers with a fresh
// query cache, the current module and its granted buttons, and a fetch stand-in that routes by method and
// path and records every call.
import type { PermissionItem } from '@jnpf/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ModuleContext } from '../../platform/auth/moduleContext';
import { i18n } from '../../platform/i18n';
import { setToken, useSession } from '../../platform/session';

export const ALL_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_import', 'btn_export'];

/** renders inside a fresh query cache and module "m" granting the buttons (all by default) */
export function renderAdmin(ui: ReactElement, buttons: string[] = ALL_BUTTONS) {
  void i18n.changeLanguage('zh');
  setToken('bearer test');
  useSession.setState({
    permissionList: [
      {
        modelId: 'm',
        moduleName: 'M',
        button: buttons.map((enCode): PermissionItem => ({ id: enCode, fullName: enCode, enCode })),
        column: [],
        form: [],
        resource: [],
      },
    ],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const result = render(
    <QueryClientProvider client={client}>
      <ModuleContext.Provider value={{ menuId: 'm', title: 'M' }}>{ui}</ModuleContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Answer = { code: number; msg?: string; data?: unknown };
type Handler = (call: ApiCall) => Answer | Promise<Answer>;

/** a fetch stand-in: on(method, path, answer) answers that exact method and path (last registration wins) */
export function mockApi() {
  const routes: { method: string; path: string; handler: Handler }[] = [];
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = [...routes].reverse().find((r) => r.method === method && r.path === url.pathname);
    const answer: Answer = route
      ? await route.handler(call)
      : { code: 404, msg: `no mock for ${method} ${url.pathname}` };
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const api = {
    calls,
    fetchMock,
    /** answers exactly this method and path (the query aside) */
    on(method: string, path: string, answer: Answer | Handler) {
      routes.push({ method, path, handler: typeof answer === 'function' ? answer : () => answer });
      return api;
    },
    /** the calls made to a method and path */
    callsTo(method: string, path: string | RegExp) {
      return calls.filter(
        (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
      );
    },
  };
  return api;
}

export const ok = (data?: unknown, msg = 'Success'): Answer => ({ code: 200, msg, data });

/**
 * The open dialog with this title, once it is there. With nested dialogs "the last dialog" is a race: the outer
 * one already exists before the inner one opens, and a closing one lingers while the next opens.
 */
export function dialogTitled(title: string, except?: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .filter((dialog) => dialog !== except && !dialog.closest('.ant-zoom-leave'))
      .find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent?.trim() === title);
    if (!found) throw new Error(`no open dialog titled ${title}`);
    return found;
  });
}
