// Online-form designs released to a Web menu, and the calls users make on their records.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { module, moduleButton, moduleColumn, moduleForm } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { call, type TestServer } from '../harness.js';
import { findMenuId, mainSystemId } from './menus.js';

const BASE = '/api/visualdev/Base';
const RUN = '/api/visualdev/OnlineDev';

/** a released design: its id and code, and its menu with the menu's buttons, columns and form fields by code */
export interface ReleasedModel {
  id: string;
  enCode: string;
  menuId: string;
  buttons: Record<string, string>;
  columns: Record<string, string>;
  forms: Record<string, string>;
}

/** the Release body that puts a design on the Web under 在线开发 (onlineDev) of the main application */
export async function releaseBody(app: AppContext) {
  return { pc: 1, pcSystemId: await mainSystemId(app), pcModuleParentId: await findMenuId(app, 'onlineDev'), app: 0 };
}

/** releases a design (as the user of this token), failing the test unless it is released */
export async function releaseDesign(server: TestServer, token: string, designId: string) {
  const json = await releaseBody(server.platform.context);
  const out = await call(server, 'POST', `${BASE}/${designId}/Actions/Release`, { token, json });
  expect(out.code, out.msg).toBe(200);
}

/** the menu released for a design of this code, with its buttons, columns and form fields */
export async function releasedMenu(app: AppContext, enCode: string): Promise<Omit<ReleasedModel, 'id' | 'enCode'>> {
  const [menu] = await app.db.select().from(module).where(eq(module.enCode, enCode));
  const byCode = (rows: { enCode: string; id: string }[]) => Object.fromEntries(rows.map((r) => [r.enCode, r.id]));
  return {
    menuId: menu!.id,
    buttons: byCode(await app.db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id))),
    columns: byCode(await app.db.select().from(moduleColumn).where(eq(moduleColumn.moduleId, menu!.id))),
    forms: byCode(await app.db.select().from(moduleForm).where(eq(moduleForm.moduleId, menu!.id))),
  };
}

/** creates a design and releases it */
export async function createReleased(
  server: TestServer,
  token: string,
  design: Record<string, unknown> & { enCode: string },
): Promise<ReleasedModel> {
  const res = await call<string>(server, 'POST', BASE, { token, json: design });
  expect(res.code, JSON.stringify(res)).toBe(200);
  await releaseDesign(server, token, res.data!);
  return { id: res.data!, enCode: design.enCode, ...(await releasedMenu(server.platform.context, design.enCode)) };
}

/** a page of records as the list answers it */
export interface RecordPage {
  list: (Record<string, unknown> & { id: string })[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** the calls a user (this token) makes on the records of a model; lists ask for `pageSize` rows */
export function recordsAs(server: TestServer, token: string, pageSize = 20) {
  const data = (value: unknown) => ({ data: JSON.stringify(value) });
  return {
    create: (model: { id: string }, value: unknown) =>
      call<string>(server, 'POST', `${RUN}/${model.id}`, { token, json: data(value) }),
    update: (model: { id: string }, id: string, value: unknown) =>
      call(server, 'PUT', `${RUN}/${model.id}/${id}`, { token, json: data(value) }),
    get: (model: { id: string }, id: string) =>
      call<{ id: string; data: string }>(server, 'GET', `${RUN}/${model.id}/${id}`, { token }),
    shown: (model: { id: string }, id: string) =>
      call<{ id: string; data: string }>(server, 'GET', `${RUN}/${model.id}/${id}/DataChange`, { token }),
    list: (model: { id: string }, body: Record<string, unknown> = {}) =>
      call<RecordPage>(server, 'POST', `${RUN}/${model.id}/List`, {
        token,
        json: { currentPage: 1, pageSize, ...body },
      }),
    export: (model: { id: string }) =>
      call<{ name: string; url: string }>(server, 'POST', `${RUN}/${model.id}/Actions/ExportData`, {
        token,
        json: { dataType: '1', selectKey: ['title'] },
      }),
    remove: (model: { id: string }, id: string) => call(server, 'DELETE', `${RUN}/${model.id}/${id}`, { token }),
    removeMany: (model: { id: string }, ids: string[]) =>
      call(server, 'POST', `${RUN}/batchDelete/${model.id}`, { token, json: { ids } }),
    config: (model: { id: string }, type = '1') =>
      call<Record<string, unknown>>(server, 'GET', `${RUN}/${model.id}/Config`, { token, query: { type } }),
  };
}
