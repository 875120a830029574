// What the tests of the record screens (organisations, departments, positions, roles, groups, users, number
// rules, dictionaries) share: the file's admin server with the head office's id, the shapes of the answers they
// read, and the check that each bad input is refused with its message.
import type { ApiResult } from '@jnpf/core';
import { beforeAll, expect } from 'vitest';
import { ctx, useAdminServer } from './adminServer.js';
import { headOffice } from './directory.js';

/** the head office's id once useHeadOfficeServer's hooks ran; a live binding: read it inside tests and hooks */
export let rootId: string;

/** useAdminServer(), then the head office's id in rootId */
export function useHeadOfficeServer() {
  useAdminServer();
  beforeAll(async () => {
    rootId = (await headOffice(ctx())).id;
  });
}

/** a refused input's data: the message of each refused field */
export type Errors = { errors: Record<string, string> };

/** a page of a list */
export type Page<T> = { list: T[]; pagination: { currentPage: number; pageSize: number; total: number } };

/** a refusal case: how the body changes, the field refused, and its message */
export type FieldCase = [patch: Record<string, unknown>, field: string, message: string];

/** sends a body changed by each case's patch; every one must be refused (401) with its message on its field */
export async function expectFieldRefusals(
  send: (patch: Record<string, unknown>) => Promise<ApiResult<Errors>>,
  cases: FieldCase[],
): Promise<void> {
  for (const [patch, field, message] of cases) {
    const res = await send(patch);
    const label = `${field} ${JSON.stringify(patch).slice(0, 80)}`;
    expect(res.code, label).toBe(401);
    expect(res.data!.errors[field], label).toEqual(message);
  }
}
