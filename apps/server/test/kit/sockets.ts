// What the messaging tests share (not used by the server): users made directly in the database, menu grants,
// and a WebSocket client that records every frame it receives.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import WebSocket from 'ws';
import { md5Hex } from '@jnpf/core';
import { authorize, module, moduleButton, user, userRelation } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import { hashPassword } from '../../src/platform/password.js';

export type Frame = Record<string, unknown> & { method?: string };

export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export async function createUser(
  ctx: AppContext,
  fields: { realName?: string; organizeId?: string; password?: string } = {},
): Promise<{ id: string; account: string; password: string }> {
  const password = fields.password ?? 'Passw0rd';
  const { hash, salt } = await hashPassword(md5Hex(password));
  const id = newId();
  const account = unique('u');
  await ctx.db.insert(user).values({
    id,
    account,
    realName: fields.realName ?? `用户${account}`,
    passwordHash: hash,
    passwordSalt: salt,
    organizeId: fields.organizeId ?? null,
    creatorTime: Date.now(),
  });
  if (fields.organizeId)
    await ctx.db
      .insert(userRelation)
      .values({ userId: id, objectType: 'Organize', objectId: fields.organizeId, creatorTime: Date.now() });
  return { id, account, password };
}

/** grants a user a menu and some of its buttons */
export async function grantMenu(ctx: AppContext, userId: string, menuCode: string, buttons: string[] = []) {
  const [menu] = await ctx.db.select().from(module).where(eq(module.enCode, menuCode));
  if (!menu) throw new Error(`no menu ${menuCode}`);
  const items: [string, string][] = [['module', menu.id]];
  if (buttons.length)
    for (const b of await ctx.db
      .select()
      .from(moduleButton)
      .where(and(eq(moduleButton.moduleId, menu.id), inArray(moduleButton.enCode, buttons))))
      items.push(['button', b.id]);
  await ctx.db
    .insert(authorize)
    .values(
      items.map(([itemType, itemId]) => ({
        objectType: 'User',
        objectId: userId,
        itemType,
        itemId,
        creatorTime: Date.now(),
      })),
    )
    .onConflictDoNothing();
  await ctx.grants.changed(userId);
}

export interface SocketProbe {
  socket: WebSocket;
  frames: Frame[];
  closed: Promise<void>;
  send(frame: object | string): void;
  /** the first frame (from `from` on) with this method that passes the check */
  next(method: string, check?: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  /** how many frames with this method arrived so far */
  count(method: string): number;
  close(): Promise<void>;
}

export async function openSocket(baseUrl: string, token: string, path = '/websocket/'): Promise<SocketProbe> {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + path + encodeURIComponent(token));
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async next(method, check = () => true, ms = 5000) {
      const end = Date.now() + ms;
      for (;;) {
        const hit = frames.find((f) => f.method === method && check(f));
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`no ${method} frame within ${ms} ms; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 15));
      }
    },
    count: (method) => frames.filter((f) => f.method === method).length,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** opens a socket and says OnConnection, waiting for initMessage */
export async function connectChat(baseUrl: string, token: string): Promise<SocketProbe & { init: Frame }> {
  const probe = await openSocket(baseUrl, token);
  probe.send({ method: 'OnConnection', token, mobileDevice: false, systemId: '', isSeparate: false });
  const init = await probe.next('initMessage');
  return Object.assign(probe, { init });
}

export async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
