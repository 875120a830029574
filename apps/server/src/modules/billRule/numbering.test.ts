// Handing out numbers (how a number is made is core's billNumbering, tested there): the shapes of the three
// types, periods that restart the running number, running out of digits, and uniqueness under load: 500
// parallel calls on one server, and (with PostgreSQL) on two servers.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { billRule, billRuleCounter, dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { call, signIn, startPeerServer, startTestServer, unique, type TestServer } from '../../../test/harness.js';
import { formatDate } from '@jnpf/core';

let server: TestServer;
let admin: string;
let category: string;
beforeAll(async () => {
  // a burst of 500 may queue at the admission gate for longer than its 5 s on a loaded machine: the test is about
  // the numbers, so nothing is turned away for waiting
  server = await startTestServer({ admission: { waitMs: 120_000 } });
  admin = await signIn(server);
  const [row] = await server.platform.context.db
    .select({ id: dictionaryData.id })
    .from(dictionaryData)
    .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
    .where(eq(dictionaryType.enCode, 'businessType'));
  category = row!.id;
});
afterAll(async () => {
  await server?.close();
});
let clockMoved = false;
afterEach(async () => {
  vi.useRealTimers();
  // the session was last seen "in 2024": idle by now, so sign in again
  if (clockMoved) admin = await signIn(server);
  clockMoved = false;
});

const B = '/api/system/BillRule';

async function createRule(
  patch: Record<string, unknown>,
  on = server,
  token = admin,
): Promise<{ id: string; enCode: string }> {
  const enCode = unique('n');
  const res = await call(on, 'POST', B, {
    token,
    json: {
      fullName: `号${enCode}`,
      enCode,
      category,
      prefix: 'PO',
      type: 1,
      dateFormat: 'no',
      digit: 4,
      startNumber: '0001',
      ...patch,
    },
  });
  expect(res.code, JSON.stringify(res)).toBe(200);
  const [row] = await on.platform.context.db.select().from(billRule).where(eq(billRule.enCode, enCode));
  return { id: row!.id, enCode };
}

const issue = (enCode: string, on = server, token = admin) =>
  call<string>(on, 'GET', `${B}/BillNumber/${enCode}`, { token });
const numbers = async (enCode: string, n: number) => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await issue(enCode)).data!);
  return out;
};
/** a clock that only moves Date: the server's timers and sockets keep running */
const setClock = (d: Date) => {
  clockMoved = true;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(d);
};

describe('GET /api/system/BillRule/BillNumber/{enCode}', () => {
  it('hands out consecutive numbers with prefix, date, padding and suffix, and records the last one', async () => {
    const rule = await createRule({ prefix: 'HT-', suffix: '-Z', dateFormat: 'YYYYMMDD', digit: 5, startNumber: '98' });
    const first = await issue(rule.enCode);
    expect([first.code, first.msg]).toEqual([200, '获取成功']);
    const today = formatDate(new Date(), 'YYYYMMDD');
    expect(first.data).toBe(`HT-${today}00098-Z`);
    expect(await numbers(rule.enCode, 3)).toEqual(
      [99, 100, 101].map((n) => `HT-${today}${String(n).padStart(5, '0')}-Z`),
    );
    const list = await call<{ list: { enCode: string; outputNumber: string }[] }>(server, 'GET', B, {
      token: admin,
      query: { keyword: rule.enCode },
    });
    expect(list.data!.list[0]!.outputNumber).toBe(`HT-${today}00101-Z`);
    // the rule's id works in place of its code too, as the reference's clients may call it
    expect((await issue(rule.id)).data).toBe(`HT-${today}00102-Z`);
  });

  it('a YYYYMM rule starts again each month; going back to a month continues its own count', async () => {
    const rule = await createRule({ dateFormat: 'YYYYMM', digit: 3, startNumber: '001' });
    setClock(new Date(2024, 0, 31, 23, 59, 59));
    expect(await numbers(rule.enCode, 2)).toEqual(['PO202401001', 'PO202401002']);
    setClock(new Date(2024, 1, 1, 0, 0, 1));
    expect(await numbers(rule.enCode, 2)).toEqual(['PO202402001', 'PO202402002']);
    setClock(new Date(2024, 0, 31, 23, 59, 59, 500));
    expect(await numbers(rule.enCode, 1)).toEqual(['PO202401003']);
  });

  it('YYYY restarts each year, YYYYMMDD each day, "no" never; Java patterns behave the same', async () => {
    const yearly = await createRule({ dateFormat: 'yyyy', digit: 2, startNumber: '1', prefix: '' });
    const daily = await createRule({ dateFormat: 'YYYYMMDD', digit: 2, startNumber: '1', prefix: '' });
    const never = await createRule({ dateFormat: 'no', digit: 2, startNumber: '1', prefix: '' });
    /** the next number of each rule, one after the other */
    const issueEach = async () => [
      (await issue(yearly.enCode)).data,
      (await issue(daily.enCode)).data,
      (await issue(never.enCode)).data,
    ];
    setClock(new Date(2023, 11, 31, 12));
    expect(await issueEach()).toEqual(['202301', '2023123101', '01']);
    setClock(new Date(2023, 11, 31, 18));
    expect(await issueEach()).toEqual(['202302', '2023123102', '02']);
    setClock(new Date(2024, 0, 1, 0));
    expect(await issueEach()).toEqual(['202401', '2024010101', '03']);
  });

  it('counters of old periods are cleared once they are an hour stale', async () => {
    const rule = await createRule({ dateFormat: 'YYYYMMDDHH', digit: 2, startNumber: '1' });
    const db = server.platform.context.db;
    setClock(new Date(2024, 5, 1, 8, 0));
    await issue(rule.enCode);
    setClock(new Date(2024, 5, 1, 9, 30));
    await issue(rule.enCode);
    expect(
      (await db.select().from(billRuleCounter).where(eq(billRuleCounter.ruleId, rule.id))).map((c) => c.period),
    ).toEqual(['2024060109']);
  });

  it('a rule that runs out of digits is refused clearly, and stays refused', async () => {
    const rule = await createRule({ digit: 1, startNumber: '8', prefix: 'X' });
    expect(await numbers(rule.enCode, 2)).toEqual(['X8', 'X9']);
    for (let i = 0; i < 2; i++) {
      const res = await issue(rule.enCode);
      expect([res.code, res.msg]).toEqual([400, '单据流水号已超出1位，请修改单据规则的流水位数或起始值']);
    }
    const en = await call(server, 'GET', `${B}/BillNumber/${rule.enCode}`, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
    });
    expect(en.msg).toBe('The rule has run out of 1-digit numbers; change its digits or start value');
    // widening the rule continues where it stopped
    const info = await call<Record<string, unknown>>(server, 'GET', `${B}/${rule.id}`, { token: admin });
    await call(server, 'PUT', `${B}/${rule.id}`, { token: admin, json: { ...info.data, digit: 2, startNumber: '08' } });
    expect((await issue(rule.enCode)).data).toBe('X10');
  });

  it('refuses an unknown and a disabled rule', async () => {
    const missing = await issue('nope');
    expect([missing.code, missing.msg]).toEqual([400, '单据规则不存在']);
    const rule = await createRule({});
    await call(server, 'PUT', `${B}/${rule.id}/Actions/State`, { token: admin });
    const disabled = await issue(rule.enCode);
    expect([disabled.code, disabled.msg]).toEqual([400, '单据规则已禁用']);
  });

  it('random and UUID rules make numbers of their shape', async () => {
    const digits = await createRule({ type: 2, randomType: 1, randomDigit: 32, prefix: 'R', suffix: '' });
    const mixed = await createRule({ type: 2, randomType: 2, randomDigit: 16, prefix: '', suffix: '#' });
    const uuid = await createRule({ type: 3, prefix: 'U', suffix: 'V' });
    expect((await issue(digits.enCode)).data).toMatch(/^R\d{32}$/);
    expect((await issue(mixed.enCode)).data).toMatch(/^[A-Z0-9]{16}#$/);
    const uuids = await numbers(uuid.enCode, 50);
    for (const u of uuids) expect(u).toMatch(/^U[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}V$/);
    expect(new Set(uuids).size).toBe(50);
  });
});

describe('uniqueness under load', () => {
  const consecutive = (count: number, digit: number) =>
    Array.from({ length: count }, (_, i) => `C${String(i + 1).padStart(digit, '0')}`).sort();

  it('500 parallel calls get 500 distinct, consecutive numbers', async () => {
    const rule = await createRule({ prefix: 'C', digit: 6, startNumber: '1' });
    const results = await Promise.all(Array.from({ length: 500 }, () => issue(rule.enCode)));
    expect(results.filter((r) => r.code !== 200).map((r) => `${r.code} ${r.msg}`)).toEqual([]);
    const got = results.map((r) => r.data!).sort();
    expect(new Set(got).size).toBe(500);
    expect(got).toEqual(consecutive(500, 6));
  }, 90_000);

  describe.runIf(process.env.TEST_DATABASE_URL)('two servers over one PostgreSQL', () => {
    let peer: TestServer;
    beforeAll(async () => {
      peer = await startPeerServer(server);
    });
    afterAll(async () => {
      await peer?.close();
    });

    it('500 parallel calls spread over both get 500 distinct, consecutive numbers', async () => {
      const rule = await createRule({ prefix: 'C', digit: 6, startNumber: '1' });
      const results = await Promise.all(
        Array.from({ length: 500 }, (_, i) => issue(rule.enCode, i % 2 ? peer : server)),
      );
      expect(results.filter((r) => r.code !== 200).map((r) => `${r.code} ${r.msg}`)).toEqual([]);
      const got = results.map((r) => r.data!).sort();
      expect(new Set(got).size).toBe(500);
      expect(got).toEqual(consecutive(500, 6));
    }, 90_000);
  });
});
