// Interface authorisation (接口认证): outside applications with an appId and a secret, the interfaces each may
// call, and the check of an outside call — app known and enabled, not expired, address in its white list,
// timestamp within 5 minutes, nonce never seen (Redis when configured, else memory), HMAC-SHA256 signature.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { dataInterface, interfaceOauth } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import {
  createRow,
  deleteAudited,
  refusingDuplicate,
  toggleEnabled,
  updateRow,
  updateVersioned,
} from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import {
  enabledMarkField,
  flag01,
  msField,
  requiredText,
  sortCodeField,
  textField,
  versionField,
} from '../../platform/fields.js';
import { ipAllowed } from '../../platform/request.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';
import { openSecret, sealSecret } from './secret.js';

const MODULE = 'interfaceOauth';
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
export type OauthRow = typeof interfaceOauth.$inferSelect;

export const oauthBody = z.object({
  appId: requiredText(m.appIdRequired, 64).refine((v) => /^[A-Za-z0-9_-]+$/.test(v), msg(m.appIdInvalid)),
  appName: requiredText(m.appNameRequired, 50),
  /** at least 16 characters; empty on an update keeps the stored secret */
  appSecret: z
    .string({ error: msg(m.appSecretRequired) })
    .trim()
    .max(128, msg(m.appSecretRequired))
    .refine((v) => v === '' || v.length >= 16, msg(m.appSecretRequired))
    .nullish()
    .transform((v) => v ?? ''),
  verifySignature: flag01(1),
  usefulLife: msField,
  whiteList: textField(2000),
  sortCode: sortCodeField,
  enabledMark: enabledMarkField,
  description: textField(500),
  version: versionField,
});
export type OauthInput = z.infer<typeof oauthBody>;

export const newAppSecret = () => randomBytes(24).toString('base64url');

export async function oauthById(db: Db, id: string) {
  const [row] = await db.select().from(interfaceOauth).where(eq(interfaceOauth.id, id)).limit(1);
  return row;
}

export const grantedIds = (row: Pick<OauthRow, 'dataInterfaceIds'>) =>
  (row.dataInterfaceIds ?? '').split(',').filter(Boolean);

export async function oauthInfo(app: AppContext, row: OauthRow, showSecret: boolean) {
  const ids = grantedIds(row);
  const list = ids.length
    ? await app.db
        .select({
          id: dataInterface.id,
          fullName: dataInterface.fullName,
          enCode: dataInterface.enCode,
          type: dataInterface.type,
        })
        .from(dataInterface)
        .where(inArray(dataInterface.id, ids))
        .orderBy(asc(dataInterface.sortCode))
    : [];
  return {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    appSecret: showSecret ? openSecret(app.config.cipherKey, row.appSecretCipher) : '',
    verifySignature: row.verifySignature,
    usefulLife: row.usefulLife,
    whiteList: row.whiteList ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description ?? '',
    creatorTime: row.creatorTime,
    version: row.version,
    list,
  };
}

const valuesOf = (app: AppContext, input: OauthInput) => ({
  appId: input.appId,
  appName: input.appName,
  ...(input.appSecret ? { appSecretCipher: sealSecret(app.config.cipherKey, input.appSecret) } : {}),
  verifySignature: input.verifySignature,
  usefulLife: input.usefulLife,
  whiteList: input.whiteList,
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark,
  description: input.description,
});

export function createOauth(app: AppContext, actor: AuditActor, input: OauthInput) {
  return refusingDuplicate('base_interface_oauth_app_uq', m.appIdExists, () =>
    createRow(app.db, interfaceOauth, { actor, moduleName: MODULE }, async (tx) => {
      const [taken] = await tx
        .select({ id: interfaceOauth.id })
        .from(interfaceOauth)
        .where(eq(interfaceOauth.appId, input.appId));
      if (taken) throw refuse(m.appIdExists);
      if (!input.appSecret) throw refuse(m.appSecretRequired);
      return { ...valuesOf(app, input), appSecretCipher: sealSecret(app.config.cipherKey, input.appSecret) };
    }),
  );
}

export async function updateOauth(app: AppContext, actor: AuditActor, id: string, input: OauthInput) {
  await refusingDuplicate('base_interface_oauth_app_uq', m.appIdExists, () =>
    updateRow(app.db, interfaceOauth, id, input.version, { actor, moduleName: MODULE }, async (tx) => {
      const [current] = await tx
        .select({ id: interfaceOauth.id })
        .from(interfaceOauth)
        .where(eq(interfaceOauth.id, id))
        .for('update');
      if (!current) throw refuse('updateNotFound');
      const [taken] = await tx
        .select({ id: interfaceOauth.id })
        .from(interfaceOauth)
        .where(eq(interfaceOauth.appId, input.appId));
      if (taken && taken.id !== id) throw refuse(m.appIdExists);
      return valuesOf(app, input);
    }),
  );
}

export async function deleteOauth(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: interfaceOauth.id })
      .from(interfaceOauth)
      .where(eq(interfaceOauth.id, id))
      .for('update');
    if (!current) throw refuse('deleteNotFound');
    await deleteAudited(tx, interfaceOauth, id, { actor, moduleName: MODULE });
  });
}

export async function toggleOauth(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) =>
    toggleEnabled(tx, interfaceOauth, id, { actor, moduleName: MODULE, action: 'state' }),
  );
}

/** sets the interfaces the app may call (unknown ids are dropped) */
export async function saveInterfaceList(app: AppContext, actor: AuditActor, id: string, ids: string[]) {
  await app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(interfaceOauth).where(eq(interfaceOauth.id, id)).for('update');
    if (!current) throw refuse(m.oauthNotFound);
    const known = ids.length
      ? (await tx.select({ id: dataInterface.id }).from(dataInterface).where(inArray(dataInterface.id, ids))).map(
          (r) => r.id,
        )
      : [];
    await updateVersioned(
      tx,
      interfaceOauth,
      id,
      null,
      { dataInterfaceIds: known.join(','), lastModifyTime: Date.now(), lastModifyUserId: actor.userId },
      { actor, moduleName: MODULE, action: 'grant' },
    );
  });
}

// ------------------------------------------------------------------------------------------- outside calls

export const signatureOf = (secret: string, method: string, path: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${method}\n${path}\n${timestamp}\n${body}`).digest('hex');

/**
 * Ready headers for one outside GET call of an interface (Actions/GetAuth): what an administrator gives a partner
 * to try the interface, signed under the app's secret, good once and within the signature window.
 */
export async function signedHeaders(app: AppContext, appId: string, interfaceId: string) {
  const [row] = await app.db.select().from(interfaceOauth).where(eq(interfaceOauth.appId, appId)).limit(1);
  if (!row || row.enabledMark !== 1) throw refuse(m.appUnknown);
  if (!grantedIds(row).includes(interfaceId)) throw refuse(m.interfaceNotGranted);
  const secret = openSecret(app.config.cipherKey, row.appSecretCipher);
  if (!secret) throw refuse(m.appUnknown);
  const path = `/api/system/DataInterface/${interfaceId}/Actions/Response`;
  const timestamp = String(Date.now());
  const headers: Record<string, string> = { 'X-App-Id': row.appId };
  if (row.verifySignature === 1) {
    headers['X-Timestamp'] = timestamp;
    headers['X-Nonce'] = randomBytes(12).toString('hex');
    headers['X-Signature'] = signatureOf(secret, 'GET', path, timestamp, '');
  } else headers['X-App-Secret'] = secret;
  return { method: 'GET', path, headers, expiresAt: Number(timestamp) + SIGNATURE_WINDOW_MS };
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

/**
 * the app an outside call comes from, checked: headers X-App-Id, X-Timestamp (ms), X-Nonce, X-Signature (hex
 * HMAC-SHA256 of "METHOD\npath\ntimestamp\nbody" under the app secret). An app that does not verify signatures
 * (verifySignature 0) sends its secret as X-App-Secret instead.
 */
export async function authenticateApp(app: AppContext, req: FastifyRequest, interfaceId: string): Promise<OauthRow> {
  const appId = header(req, 'x-app-id');
  if (!appId) throw refuse(m.authMissing);
  const [row] = await app.db.select().from(interfaceOauth).where(eq(interfaceOauth.appId, appId)).limit(1);
  if (!row || row.enabledMark !== 1) throw refuse(m.appUnknown);
  if (row.usefulLife !== null && row.usefulLife < Date.now()) throw refuse(m.appExpired);
  if (row.whiteList?.trim() && !ipAllowed(req.ip, row.whiteList)) throw refuse(m.ipDenied);
  const secret = openSecret(app.config.cipherKey, row.appSecretCipher);
  if (!secret) throw refuse(m.appUnknown);
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  if (row.verifySignature === 1) {
    const timestamp = header(req, 'x-timestamp');
    const nonce = header(req, 'x-nonce');
    const signature = header(req, 'x-signature').toLowerCase();
    if (!timestamp || !nonce || !signature) throw refuse(m.authMissing);
    const at = Number(timestamp);
    if (!/^\d{10,16}$/.test(timestamp) || Math.abs(Date.now() - at) > SIGNATURE_WINDOW_MS)
      throw refuse(m.timestampExpired);
    if (nonce.length > 128) throw refuse(m.authMissing);
    const path = req.url.split('?')[0]!;
    const body = req.method === 'GET' ? '' : (req.rawBody ?? '');
    const expected = signatureOf(secret, req.method, path, timestamp, body);
    if (!same(signature, expected)) throw refuse(m.signatureInvalid);
    // the nonce is remembered for the window: the same signed request is refused when sent again
    const uses = await app.shared.kv.incr(`di:nonce:${row.appId}:${nonce}`, SIGNATURE_WINDOW_MS * 2);
    if (uses > 1) throw refuse(m.replayed);
  } else if (!same(header(req, 'x-app-secret'), secret)) {
    throw refuse(m.signatureInvalid);
  }
  if (!grantedIds(row).includes(interfaceId)) throw refuse(m.interfaceNotGranted);
  return row;
}
