// Synchronisation of this system's organisations and users to WeCom or DingTalk, and its totals.
// Every object's outcome is recorded (base_syn_third_info): which third-party object it became, and whether its
// last synchronisation succeeded, failed (with the reason) or has not run. Nothing is counted as synchronised
// unless the third party said so.
import { and, count, eq, inArray, isNotNull, max } from 'drizzle-orm';
import { organize, synThirdInfo, user, userRelation } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { newId } from '../../platform/ids.js';
import type { SysConfigValues } from '../../platform/sysConfig.js';
import { dingTalk, wecom, type CallFailure, type CallResult } from './thirdParty.js';

export const THIRD_WECOM = 1;
export const THIRD_DINGTALK = 2;
export type ThirdType = typeof THIRD_WECOM | typeof THIRD_DINGTALK;

export const DATA_ORGANIZE = 1;
export const DATA_USER = 2;
export type DataType = typeof DATA_ORGANIZE | typeof DATA_USER;

const STATE_PENDING = 0;
const STATE_OK = 1;
const STATE_FAILED = 2;

/** one row of the synchronisation feedback table; synType is the literal the client compares with */
export interface SynTotal {
  synType: '组织' | '用户';
  recordTotal: number;
  synSuccessCount: number;
  synFailCount: number;
  unSynCount: number;
  synDate: number | null;
}

/**
 * Totals as the reference computes them: recordTotal is the number of local organisations (or users), the
 * other counts come from the synchronisation records, synDate is the latest synchronisation.
 */
export async function synTotal(db: Db, thirdType: ThirdType, dataType: DataType): Promise<SynTotal> {
  const where = and(
    eq(synThirdInfo.thirdType, thirdType),
    eq(synThirdInfo.dataType, dataType),
    isNotNull(synThirdInfo.lastModifyTime),
  );
  const [states, [latest], [local]] = await Promise.all([
    db
      .select({ state: synThirdInfo.synState, n: count() })
      .from(synThirdInfo)
      .where(where)
      .groupBy(synThirdInfo.synState),
    db
      .select({ at: max(synThirdInfo.lastModifyTime) })
      .from(synThirdInfo)
      .where(where),
    dataType === DATA_ORGANIZE ? db.select({ n: count() }).from(organize) : db.select({ n: count() }).from(user),
  ]);
  const countOf = (state: number) => states.find((s) => s.state === state)?.n ?? 0;
  return {
    synType: dataType === DATA_ORGANIZE ? '组织' : '用户',
    recordTotal: local?.n ?? 0,
    synSuccessCount: countOf(STATE_OK),
    synFailCount: countOf(STATE_FAILED),
    unSynCount: countOf(STATE_PENDING),
    synDate: latest?.at == null ? null : Number(latest.at),
  };
}

// ---- the two providers behind one shape ------------------------------------------------------------------

interface DeptInput {
  name: string;
  parentId: string;
  order: number;
}

interface UserInput {
  userId: string;
  name: string;
  mobile: string;
  email: string;
  deptIds: string[];
  enabled: boolean;
}

interface Provider {
  /** the third party's root department, parent of this system's top-level organisations */
  rootDeptId: string;
  configured(c: SysConfigValues): boolean;
  token(c: SysConfigValues): Promise<CallResult<string>>;
  /** error codes meaning "no such object": an update falls back to a create, a delete counts as done */
  deptMissing: number[];
  userMissing: number[];
  createDept(token: string, d: DeptInput): Promise<CallResult<string>>;
  updateDept(token: string, id: string, d: DeptInput): Promise<CallResult<unknown>>;
  deleteDept(token: string, id: string): Promise<CallResult<unknown>>;
  /** why this user cannot be sent at all, or null */
  userProblem(u: UserInput): string | null;
  createUser(token: string, u: UserInput): Promise<CallResult<unknown>>;
  updateUser(token: string, u: UserInput): Promise<CallResult<unknown>>;
  deleteUser(token: string, id: string): Promise<CallResult<unknown>>;
}

const idFrom = (
  res: CallResult<Record<string, unknown>>,
  pick: (d: Record<string, unknown>) => unknown,
): CallResult<string> => {
  if (!res.ok) return res;
  const value = pick(res.data);
  return value == null || value === '' ? { ok: false, reason: 'badResponse' } : { ok: true, data: String(value) };
};

const wecomProvider: Provider = {
  rootDeptId: '1',
  configured: (c) => Boolean(c.qyhCorpId && c.qyhCorpSecret),
  token: (c) => wecom.token(c.qyhCorpId, c.qyhCorpSecret),
  // 60003 department not found, 60111 userid not found
  deptMissing: [60003],
  userMissing: [60111],
  async createDept(token, d) {
    const res = await wecom.post('/cgi-bin/department/create', token, {
      name: d.name,
      parentid: Number(d.parentId),
      order: d.order,
    });
    return idFrom(res, (data) => data.id);
  },
  updateDept: (token, id, d) =>
    wecom.post('/cgi-bin/department/update', token, {
      id: Number(id),
      name: d.name,
      parentid: Number(d.parentId),
      order: d.order,
    }),
  deleteDept: (token, id) => wecom.get('/cgi-bin/department/delete', token, { id }),
  userProblem: (u) => (!u.mobile && !u.email ? '手机号码和邮箱不能同时为空' : null),
  createUser: (token, u) => wecom.post('/cgi-bin/user/create', token, wecomUser(u)),
  updateUser: (token, u) => wecom.post('/cgi-bin/user/update', token, wecomUser(u)),
  deleteUser: (token, id) => wecom.get('/cgi-bin/user/delete', token, { userid: id }),
};

function wecomUser(u: UserInput) {
  return {
    userid: u.userId,
    name: u.name,
    ...(u.mobile ? { mobile: u.mobile } : {}),
    ...(u.email ? { email: u.email } : {}),
    department: u.deptIds.map(Number),
    enable: u.enabled ? 1 : 0,
  };
}

const dingTalkProvider: Provider = {
  rootDeptId: '1',
  configured: (c) => Boolean(c.dingSynAppKey && c.dingSynAppSecret),
  token: (c) => dingTalk.token(c.dingSynAppKey, c.dingSynAppSecret),
  // 60003 department not found, 60121 user not found
  deptMissing: [60003],
  userMissing: [60121],
  async createDept(token, d) {
    const res = await dingTalk.post('/topapi/v2/department/create', token, {
      name: d.name,
      parent_id: Number(d.parentId),
      order: d.order,
    });
    return idFrom(res, (data) => (data.result as { dept_id?: unknown } | undefined)?.dept_id);
  },
  updateDept: (token, id, d) =>
    dingTalk.post('/topapi/v2/department/update', token, {
      dept_id: Number(id),
      name: d.name,
      parent_id: Number(d.parentId),
      order: d.order,
    }),
  deleteDept: (token, id) => dingTalk.post('/topapi/v2/department/delete', token, { dept_id: Number(id) }),
  userProblem: (u) => (!u.mobile ? '手机号码不能为空' : null),
  createUser: (token, u) => dingTalk.post('/topapi/v2/user/create', token, dingTalkUser(u)),
  updateUser: (token, u) => dingTalk.post('/topapi/v2/user/update', token, dingTalkUser(u)),
  deleteUser: (token, id) => dingTalk.post('/topapi/v2/user/delete', token, { userid: id }),
};

function dingTalkUser(u: UserInput) {
  return {
    userid: u.userId,
    name: u.name,
    mobile: u.mobile,
    ...(u.email ? { email: u.email } : {}),
    dept_id_list: u.deptIds.join(','),
  };
}

export const providers: Record<ThirdType, Provider> = {
  [THIRD_WECOM]: wecomProvider,
  [THIRD_DINGTALK]: dingTalkProvider,
};

// ---- running a synchronisation ---------------------------------------------------------------------------

export type SyncOutcome =
  | { ok: true; total: SynTotal }
  | { ok: false; failure: CallFailure; stage: 'token' }
  | { ok: false; stage: 'noOrganize' };

type RecordRow = typeof synThirdInfo.$inferSelect;

const failureNote = (f: CallFailure) =>
  f.reason === 'remote'
    ? `${f.message}（${f.code}）`
    : { timeout: '请求超时', network: '无法连接', badResponse: '返回数据格式错误' }[f.reason];

const isMissing = (f: CallFailure, codes: number[]) => f.reason === 'remote' && codes.includes(f.code);

async function recordsOf(db: Db, thirdType: ThirdType, dataType: DataType): Promise<Map<string, RecordRow>> {
  const rows = await db
    .select()
    .from(synThirdInfo)
    .where(and(eq(synThirdInfo.thirdType, thirdType), eq(synThirdInfo.dataType, dataType)));
  return new Map(rows.map((r) => [r.sysObjId, r]));
}

/** a pending record for every local object that has none yet, so an interrupted run shows as "not synchronised" */
async function ensureRecords(
  db: Db,
  thirdType: ThirdType,
  dataType: DataType,
  ids: string[],
  known: Map<string, RecordRow>,
) {
  const now = Date.now();
  const missing = ids.filter((id) => !known.has(id));
  for (let i = 0; i < missing.length; i += 500) {
    await db
      .insert(synThirdInfo)
      .values(
        missing.slice(i, i + 500).map((sysObjId) => ({
          id: newId(),
          thirdType,
          dataType,
          sysObjId,
          synState: STATE_PENDING,
          creatorTime: now,
          lastModifyTime: now,
        })),
      )
      .onConflictDoNothing();
  }
}

async function saveOutcome(
  db: Db,
  thirdType: ThirdType,
  dataType: DataType,
  sysObjId: string,
  outcome: { thirdObjId?: string | null; error?: string | null },
) {
  await db
    .update(synThirdInfo)
    .set({
      synState: outcome.error ? STATE_FAILED : STATE_OK,
      description: outcome.error ?? null,
      ...(outcome.thirdObjId !== undefined ? { thirdObjId: outcome.thirdObjId } : {}),
      lastModifyTime: Date.now(),
    })
    .where(
      and(
        eq(synThirdInfo.thirdType, thirdType),
        eq(synThirdInfo.dataType, dataType),
        eq(synThirdInfo.sysObjId, sysObjId),
      ),
    );
}

/**
 * Removes at the third party what was synchronised for objects deleted here. A department with sub-departments
 * cannot be removed first, and which deleted object was below which is no longer known here: passes repeat while
 * they make progress, so children go before their parents.
 */
async function removeDeleted(
  db: Db,
  thirdType: ThirdType,
  dataType: DataType,
  records: Map<string, RecordRow>,
  localIds: Set<string>,
  remove: (thirdId: string) => Promise<CallResult<unknown>>,
  missingCodes: number[],
) {
  let pending = [...records.values()].filter((r) => !localIds.has(r.sysObjId));
  let failures = new Map<string, CallFailure>();
  while (pending.length) {
    failures = new Map();
    for (const r of pending) {
      const res = r.thirdObjId ? await remove(r.thirdObjId) : ({ ok: true, data: null } as const);
      if (res.ok || isMissing(res, missingCodes)) await db.delete(synThirdInfo).where(eq(synThirdInfo.id, r.id));
      else failures.set(r.id, res);
    }
    const left = pending.filter((r) => failures.has(r.id));
    if (left.length === pending.length) break;
    pending = left;
  }
  for (const r of pending) {
    const failure = failures.get(r.id);
    if (failure) await saveOutcome(db, thirdType, dataType, r.sysObjId, { error: `删除失败：${failureNote(failure)}` });
  }
}

/**
 * the records of a kind after removing on the other side what was deleted here and giving every local object a
 * pending record
 */
async function reconcileRecords(
  db: Db,
  thirdType: ThirdType,
  dataType: DataType,
  localIds: Set<string>,
  deleted: { remove: (thirdId: string) => Promise<CallResult<unknown>>; missingCodes: number[] },
): Promise<Map<string, RecordRow>> {
  const records = await recordsOf(db, thirdType, dataType);
  await removeDeleted(db, thirdType, dataType, records, localIds, deleted.remove, deleted.missingCodes);
  await ensureRecords(db, thirdType, dataType, [...localIds], records);
  return recordsOf(db, thirdType, dataType);
}

/** sends every local organisation, parents before children */
export async function syncOrganizations(db: Db, config: SysConfigValues, thirdType: ThirdType): Promise<SyncOutcome> {
  const provider = providers[thirdType];
  const token = await provider.token(config);
  if (!token.ok) return { ok: false, failure: token, stage: 'token' };

  const orgs = await db
    .select({ id: organize.id, parentId: organize.parentId, fullName: organize.fullName, sortCode: organize.sortCode })
    .from(organize);
  const localIds = new Set(orgs.map((o) => o.id));
  const records = await reconcileRecords(db, thirdType, DATA_ORGANIZE, localIds, {
    remove: (id) => provider.deleteDept(token.data, id),
    missingCodes: provider.deptMissing,
  });

  // parents first: a breadth-first walk from the organisations whose parent is not local
  const children = new Map<string, typeof orgs>();
  for (const o of orgs) {
    const key = localIds.has(o.parentId) ? o.parentId : '';
    children.set(key, [...(children.get(key) ?? []), o]);
  }
  const thirdIdOf = new Map<string, string>();
  const queue = [...(children.get('') ?? [])];
  while (queue.length) {
    const o = queue.shift()!;
    queue.push(...(children.get(o.id) ?? []));
    const parentThirdId = localIds.has(o.parentId) ? thirdIdOf.get(o.parentId) : provider.rootDeptId;
    if (!parentThirdId) {
      await saveOutcome(db, thirdType, DATA_ORGANIZE, o.id, { error: '上级组织未同步' });
      continue;
    }
    const input: DeptInput = {
      name: o.fullName,
      parentId: parentThirdId,
      order: Math.max(0, Math.min(o.sortCode, 2 ** 31 - 1)),
    };
    const existing = records.get(o.id)?.thirdObjId;
    let thirdId: string | null = null;
    let failure: CallFailure | null = null;
    if (existing) {
      const res = await provider.updateDept(token.data, existing, input);
      if (res.ok) thirdId = existing;
      else if (!isMissing(res, provider.deptMissing)) failure = res;
    }
    if (!thirdId && !failure) {
      const created = await provider.createDept(token.data, input);
      if (created.ok) thirdId = created.data;
      else failure = created;
    }
    if (thirdId) thirdIdOf.set(o.id, thirdId);
    await saveOutcome(
      db,
      thirdType,
      DATA_ORGANIZE,
      o.id,
      failure ? { error: failureNote(failure) } : { thirdObjId: thirdId },
    );
  }
  return { ok: true, total: await synTotal(db, thirdType, DATA_ORGANIZE) };
}

/** a readable third-party user id: the account when it fits the third party's rules, else the local id */
const thirdUserId = (account: string, id: string) => (/^[A-Za-z0-9_@.-]{1,64}$/.test(account) ? account : id);

/** sends every local user into the departments their organisations became; needs the organisations first */
export async function syncUsers(db: Db, config: SysConfigValues, thirdType: ThirdType): Promise<SyncOutcome> {
  const provider = providers[thirdType];
  const orgRecords = await recordsOf(db, thirdType, DATA_ORGANIZE);
  const deptOf = new Map(
    [...orgRecords.values()]
      .filter((r) => r.synState === STATE_OK && r.thirdObjId)
      .map((r) => [r.sysObjId, r.thirdObjId!]),
  );
  if (!deptOf.size) return { ok: false, stage: 'noOrganize' };
  const token = await provider.token(config);
  if (!token.ok) return { ok: false, failure: token, stage: 'token' };

  const users = await db
    .select({
      id: user.id,
      account: user.account,
      realName: user.realName,
      mobilePhone: user.mobilePhone,
      email: user.email,
      organizeId: user.organizeId,
      enabledMark: user.enabledMark,
    })
    .from(user);
  const localIds = new Set(users.map((u) => u.id));
  const records = await reconcileRecords(db, thirdType, DATA_USER, localIds, {
    remove: (id) => provider.deleteUser(token.data, id),
    missingCodes: provider.userMissing,
  });

  const memberships = users.length
    ? await db
        .select({ userId: userRelation.userId, objectId: userRelation.objectId })
        .from(userRelation)
        .where(and(eq(userRelation.objectType, 'Organize'), inArray(userRelation.userId, [...localIds])))
    : [];
  const orgsOf = new Map<string, Set<string>>();
  for (const u of users) orgsOf.set(u.id, new Set(u.organizeId ? [u.organizeId] : []));
  for (const r of memberships) orgsOf.get(r.userId)?.add(r.objectId);

  // a few calls at a time: thousands of users one by one would outlast the client's wait
  await forEachLimit(users, 4, async (u) => {
    const deptIds = [...(orgsOf.get(u.id) ?? [])].map((id) => deptOf.get(id)).filter((id): id is string => Boolean(id));
    if (!deptIds.length) return saveOutcome(db, thirdType, DATA_USER, u.id, { error: '所属组织未同步' });
    const input: UserInput = {
      userId: records.get(u.id)?.thirdObjId ?? thirdUserId(u.account, u.id),
      name: u.realName,
      mobile: u.mobilePhone ?? '',
      email: u.email ?? '',
      deptIds,
      enabled: u.enabledMark === 1,
    };
    const problem = provider.userProblem(input);
    if (problem) return saveOutcome(db, thirdType, DATA_USER, u.id, { error: problem });
    let res = records.get(u.id)?.thirdObjId ? await provider.updateUser(token.data, input) : null;
    if (!res || (!res.ok && isMissing(res, provider.userMissing))) res = await provider.createUser(token.data, input);
    await saveOutcome(
      db,
      thirdType,
      DATA_USER,
      u.id,
      res.ok ? { thirdObjId: input.userId } : { error: failureNote(res) },
    );
  });
  return { ok: true, total: await synTotal(db, thirdType, DATA_USER) };
}

async function forEachLimit<T>(items: T[], limit: number, run: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** the shared key that marks a synchronisation of this kind as running, in every process */
export const syncLockKey = (thirdType: ThirdType, dataType: DataType) => `synThird:${thirdType}:${dataType}`;
