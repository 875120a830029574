// The server of a test file that signs in often (sign-in, the current user's own screens): it trusts
// X-Forwarded-For and each call comes from a fresh address, since sign-in allows 20 a minute per address. With
// users, sessions, and the rows those calls change.
// useSignInServer() starts the file's server before its tests (the administrator signed in) and stops it after
// them; `server`, `api` and the ids below are that server's from then on. They are live bindings: read them
// inside tests and hooks.
import { afterAll, beforeAll } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { CurrentUserResult } from '@jnpf/core';
import { auditLog, user } from '../../src/db/schema/index.js';
import {
  addressSequence,
  call,
  client,
  signIn as signInAt,
  startTestServer,
  type Client,
  type TestServer,
} from '../harness.js';
import { signedInUser } from './access.js';
import { adminId as seededAdminId, headOffice, insertUser, type UserFields } from './directory.js';
import { mainSystemId as seededMainSystemId } from './menus.js';

export let server: TestServer;
/** anonymous calls, each from a fresh address unless `ip` is given */
export let api: Client;
export let adminToken: string;
export let adminId: string;
/** the seeded head office and main application */
export let rootOrgId: string;
export let mainSystemId: string;

export function useSignInServer() {
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
    api = client(server, undefined, { ip: nextIp });
    adminToken = await signIn();
    adminId = await seededAdminId(ctx());
    rootOrgId = (await headOffice(ctx())).id;
    mainSystemId = await seededMainSystemId(ctx());
  });
  afterAll(async () => {
    await server?.close();
  });
}

export const ctx = () => server.platform.context;
export const nextIp = addressSequence();

/** signs in (the administrator unless told otherwise) from a fresh address unless one is given */
export const signIn = (account = 'admin', password = '123456', options: { ip?: string; userAgent?: string } = {}) =>
  signInAt(server, account, password, {
    ip: options.ip ?? nextIp(),
    ...(options.userAgent ? { headers: { 'user-agent': options.userAgent } } : {}),
  });

/** a user without a session (password TEST_PASSWORD unless given) */
export const createUser = (fields: UserFields = {}, password?: string) => insertUser(ctx(), fields, password);
export const newSignedInUser = (fields: UserFields = {}) => signedInUser(server, fields, { ip: nextIp() });

export const userRow = async (id: string) => (await ctx().db.select().from(user).where(eq(user.id, id)))[0]!;
/** the audit rows of a record, newest first */
export const auditsOf = (recordId: string) =>
  ctx()
    .db.select()
    .from(auditLog)
    .where(eq(auditLog.recordId, recordId))
    .orderBy(desc(auditLog.creatorTime), desc(auditLog.id));
export const auditCount = async () => (await ctx().db.select({ n: count() }).from(auditLog))[0]!.n;
export const currentUser = (token: string) =>
  call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token, ip: nextIp() });
