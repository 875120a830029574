// /api/system/SysConfig and /api/system/SynThirdInfo: the system configuration, the administrators, the
// WeCom and DingTalk connection tests and synchronisation.
import { z, type ZodType } from 'zod';
import { BUILT_IN_MENUS, type Language } from '@jnpf/core';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route, type Permission } from '../../platform/route.js';
import { sysConfigSchema, type SysConfigValues } from '../../platform/sysConfig.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';
import { adminList, saveConfig, setAdminList } from './service.js';
import {
  DATA_ORGANIZE,
  DATA_USER,
  providers,
  synTotal,
  syncLockKey,
  syncOrganizations,
  syncUsers,
  THIRD_DINGTALK,
  THIRD_WECOM,
  type DataType,
  type ThirdType,
} from './sync.js';
import { dingTalk, failureText, wecom } from './thirdParty.js';

const BASE = '/api/system/SysConfig';
const SYN = '/api/system/SynThirdInfo';
const read: Permission = { module: BUILT_IN_MENUS.sysConfig.enCode };
const edit: Permission = { module: BUILT_IN_MENUS.sysConfig.enCode, button: 'btn_edit' };
/** calls that reach a third party: a handful a minute per user is plenty for a settings screen */
const thirdPartyLimit = {
  max: 20,
  timeWindowMs: 60_000,
  key: (req: { ip: string; principal: { userId: string } | null }) => `${req.ip}|${req.principal?.userId ?? ''}`,
};

/** the PUT body: any subset of the keys, each checked by its own rule (defaults are not filled in) */
const configBody = z.object(
  Object.fromEntries(Object.entries(sysConfigSchema.shape).map(([key, field]) => [key, field.unwrap().optional()])),
) as unknown as ZodType<Partial<SysConfigValues>>;

const secret = (requiredKey: string) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .max(200)
    .default('');

const SYNC_LOCK_MS = 10 * 60_000;

/** one synchronisation run: refused unless configured, one at a time per kind across processes */
async function runSync(
  app: AppContext,
  req: Parameters<typeof actorOf>[0],
  lang: Language,
  thirdType: ThirdType,
  dataType: DataType,
  direction: '0' | '1',
  action: string,
) {
  const wecomSide = thirdType === THIRD_WECOM;
  // the reference's type 1 pulls the third party's organisation into this system, which the organisation
  // module owns; it is refused plainly rather than pretending to succeed
  if (direction === '1') throw refuse(wecomSide ? m.qyToSysUnsupported : m.dingToSysUnsupported);
  const config = await app.sysConfig.get();
  if (!providers[thirdType].configured(config)) throw refuse(wecomSide ? m.qyNotConfigured : m.dingNotConfigured);
  const lock = syncLockKey(thirdType, dataType);
  if ((await app.shared.kv.incr(lock, SYNC_LOCK_MS)) > 1) throw refuse(m.synInProgress);
  try {
    const outcome =
      dataType === DATA_ORGANIZE
        ? await syncOrganizations(app.db, config, thirdType)
        : await syncUsers(app.db, config, thirdType);
    if (!outcome.ok) {
      if (outcome.stage === 'noOrganize') throw refuse(wecomSide ? m.qyOrgFirst : m.dingOrgFirst);
      throw refuse(wecomSide ? m.qyTokenFail : m.dingTokenFail, { detail: failureText(lang, outcome.failure) });
    }
    await writeAudit(app.db, actorOf(req), { moduleName: 'synThirdInfo', action, after: outcome.total });
    return ok(outcome.total, m.synDone);
  } finally {
    await app.shared.kv.del(lock);
  }
}

const syncRoute = (name: string, thirdType: ThirdType, dataType: DataType, summary: string) =>
  route({
    method: 'GET',
    url: `${SYN}/${name}`,
    permission: edit,
    summary: `${summary}. type 0 (default) sends this system's data; type 1 (from the third party) is refused as unsupported.`,
    rateLimit: thirdPartyLimit,
    query: z.object({ type: z.enum(['0', '1']).default('0') }),
    async handler({ app, req, lang, query }) {
      return runSync(app, req, lang, thirdType, dataType, query.type, name);
    },
  });

export const sysConfigRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Every configuration key with its declared type',
    async handler({ app }) {
      return ok(await app.sysConfig.get());
    },
  }),
  route({
    method: 'PUT',
    url: BASE,
    permission: edit,
    summary:
      'Save the configuration: keys sent replace their values (others are kept), each checked by its rule; isLog, sysTheme, pageSize, lastLoginTime and sysVersion are fixed by the server. Applies at once in every process.',
    body: configBody,
    async handler({ app, req, lang, ip, body }) {
      await saveConfig(app, actorOf(req), lang, ip, body);
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getAdminList`,
    permission: read,
    summary: 'The administrators (users with isAdministrator = 1): id, account, realName',
    async handler({ app }) {
      return ok(await adminList(app));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/setAdminList`,
    permission: edit,
    summary:
      'Make exactly these users the administrators. Only an administrator may; the caller must stay one and the list cannot be empty.',
    body: z.object({
      adminIds: z
        .array(z.string().trim().min(1).max(50), { error: msg(m.adminListEmpty) })
        .min(1, { error: msg(m.adminListEmpty) })
        .max(500),
    }),
    async handler({ app, req, principal, body }) {
      await setAdminList(app, actorOf(req), principal, body.adminIds);
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:type/testQyWebChatConnect`,
    permission: edit,
    summary:
      'Test the WeCom settings by asking WeCom for an access token: type 0 with the app secret (messages), type 1 with the contacts secret (synchronisation)',
    rateLimit: thirdPartyLimit,
    params: z.object({ type: z.string().max(10) }),
    body: z.object({
      qyhCorpId: z
        .string({ error: msg(m.corpIdRequired) })
        .trim()
        .min(1, { error: msg(m.corpIdRequired) })
        .max(200),
      qyhAgentId: z.string().trim().max(200).default(''),
      qyhAgentSecret: secret(m.agentSecretRequired),
      qyhCorpSecret: secret(m.corpSecretRequired),
    }),
    async handler({ params, body, lang }) {
      if (params.type !== '0' && params.type !== '1') throw refuse(m.testTypeWrong);
      const forSync = params.type === '1';
      const secretValue = forSync ? body.qyhCorpSecret : body.qyhAgentSecret;
      if (!secretValue)
        throw forSync
          ? invalidField('qyhCorpSecret', m.corpSecretRequired)
          : invalidField('qyhAgentSecret', m.agentSecretRequired);
      const res = await wecom.token(body.qyhCorpId, secretValue);
      if (!res.ok) throw refuse(forSync ? m.qySyncFail : m.qyMessageFail, { detail: failureText(lang, res) });
      return ok(undefined, forSync ? m.qySyncOk : m.qyMessageOk);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/testDingTalkConnect`,
    permission: edit,
    summary: 'Test the DingTalk settings by asking DingTalk for an access token with the app key and secret',
    rateLimit: thirdPartyLimit,
    body: z.object({
      dingSynAppKey: z
        .string({ error: msg(m.appKeyRequired) })
        .trim()
        .min(1, { error: msg(m.appKeyRequired) })
        .max(200),
      dingSynAppSecret: z
        .string({ error: msg(m.appSecretRequired) })
        .trim()
        .min(1, { error: msg(m.appSecretRequired) })
        .max(200),
      dingAgentId: z.string().trim().max(200).default(''),
    }),
    async handler({ body, lang }) {
      const res = await dingTalk.token(body.dingSynAppKey, body.dingSynAppSecret);
      if (!res.ok) throw refuse(m.dingFail, { detail: failureText(lang, res) });
      return ok(undefined, m.dingOk);
    },
  }),
  route({
    method: 'GET',
    url: `${SYN}/getSynThirdTotal/:type`,
    permission: read,
    summary: 'Synchronisation totals for WeCom (type 1) or DingTalk (type 2): one row for organisations, one for users',
    params: z.object({ type: z.coerce.number().int().min(THIRD_WECOM).max(THIRD_DINGTALK) }),
    async handler({ app, params }) {
      const thirdType = params.type as ThirdType;
      return ok([await synTotal(app.db, thirdType, DATA_ORGANIZE), await synTotal(app.db, thirdType, DATA_USER)]);
    },
  }),
  syncRoute('synAllOrganizeSysToQy', THIRD_WECOM, DATA_ORGANIZE, 'Send every organisation to WeCom'),
  syncRoute('synAllUserSysToQy', THIRD_WECOM, DATA_USER, 'Send every user to WeCom'),
  syncRoute('synAllOrganizeSysToDing', THIRD_DINGTALK, DATA_ORGANIZE, 'Send every organisation to DingTalk'),
  syncRoute('synAllUserSysToDing', THIRD_DINGTALK, DATA_USER, 'Send every user to DingTalk'),
];
