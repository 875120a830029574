// The backup screen's calls over HTTP against a real database: make a backup (a task polled to its end), list,
// download by its link, upload it back (checked; damaged and foreign files refused), restore it over the running
// platform (confirmation, refusal of a platform with data of its own, force), delete; administrators only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive, type EntrySource } from '../../db/backup/archive.js';
import { call, client } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, api, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { expectRecords, finished, makeRecords, type Made } from '../../../test/kit/backup.js';
import { createRole } from '../../../test/kit/directoryApi.js';
import { upload } from '../../../test/kit/uploads.js';

const BASE = '/api/systemData/DataBackup';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-backup-http-'));

useAdminServer({ dataDir });

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Summary {
  name: string;
  size: number;
  tables: number;
  rows: number;
  files: number;
  engine: string;
}

let made: Made;
let name: string;
let archive: Buffer;

async function download(backup: string): Promise<Buffer> {
  const link = await api.post<{ name: string; url: string }>(`${BASE}/${backup}/Actions/Download`);
  expect(link.code, link.msg).toBe(200);
  expect(link.data!.name).toBe(backup);
  // the link needs no token
  const res = await fetch(`${server.baseUrl}${link.data!.url}`, { headers: { 'x-forwarded-for': server.clientIp } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain(backup);
  return Buffer.from(await res.arrayBuffer());
}

describe('backup screen', () => {
  it('makes a backup as a task, lists it and downloads it', async () => {
    made = await makeRecords(server, api, admin);
    const started = await api.post<{ jobId: string; name: string }>(BASE);
    expect(started.code, started.msg).toBe(200);
    const job = await finished(api, started.data!.jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'backup', error: null, result: { files: 1 } });
    expect(job.result!.rows).toBeGreaterThan(100);
    name = job.name;
    const list = await api.get<{ list: Summary[] }>(BASE);
    expect(list.data!.list[0]).toMatchObject({ name, files: 1, rows: job.result!.rows, tables: job.result!.tables });
    archive = await download(name);
    expect(archive.length).toBe(list.data!.list[0]!.size);
    expect(archive.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
  });

  it('restores only when confirmed, refuses a platform with data of its own unless forced', async () => {
    const unconfirmed = await api.post(`${BASE}/${name}/Actions/Restore`, {});
    expect(unconfirmed).toMatchObject({ code: 400, msg: '恢复将替换平台的全部数据和文件，请确认后再恢复' });
    const refused = await api.post<{ jobId: string }>(`${BASE}/${name}/Actions/Restore`, { confirm: true });
    expect(refused.code, refused.msg).toBe(200);
    expect(await finished(api, refused.data!.jobId, 'en')).toMatchObject({
      state: 'failed',
      error: 'The platform holds data: a restore replaces all data and files. Confirm the replacement to go on',
    });
    // made after the backup: gone once it is restored
    const later = await createRole(api, { fullName: '备份后的角色' });
    const restored = await api.post<{ jobId: string }>(`${BASE}/${name}/Actions/Restore`, {
      confirm: true,
      force: true,
    });
    const job = await finished(api, restored.data!.jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'restore', error: null, result: { files: 1 } });
    expect((await api.get(`/api/permission/Role/${later}`)).code).toBe(400);
    await expectRecords(server, made);
  });

  it('takes an uploaded backup after checking it, and refuses damaged or foreign files', async () => {
    const sent = await upload<Summary>(server, `${BASE}/Actions/Upload`, [{ name: 'b.tar.gz', content: archive }], {
      token: admin,
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data!.name).toMatch(/^upload-/);
    expect((await api.get<{ list: Summary[] }>(BASE)).data!.list.map((b) => b.name)).toContain(sent.data!.name);

    const file = path.join(dataDir, 'sent.tar.gz');
    fs.writeFileSync(file, archive);
    const damaged = path.join(dataDir, 'damaged.tar.gz');
    async function* entries(): AsyncGenerator<EntrySource> {
      for await (const entry of readArchive(file)) {
        const pieces: Buffer[] = [];
        for await (const piece of entry.body()) pieces.push(piece);
        let content = Buffer.concat(pieces);
        if (entry.name.startsWith('files/')) content = Buffer.from(content).fill(0x41, 0, 10);
        yield { name: entry.name, size: content.length, content };
      }
    }
    await writeArchive(damaged, entries());
    const bad = await upload(
      server,
      `${BASE}/Actions/Upload`,
      [{ name: 'd.tar.gz', content: fs.readFileSync(damaged) }],
      {
        token: admin,
      },
    );
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^备份文件已损坏（files\/annex\/.*\.pdf校验不符），未做任何修改$/);
    const foreign = await upload(server, `${BASE}/Actions/Upload`, [{ name: 'x.tar.gz', content: randomBytes(900) }], {
      token: admin,
    });
    expect(foreign).toMatchObject({ code: 400, msg: '文件不是本平台的备份' });
    const none = await call(server, 'POST', `${BASE}/Actions/Upload`, { token: admin, json: {} });
    expect(none).toMatchObject({ code: 400, msg: '请选择备份文件' });
    // what was refused is not kept
    expect((await api.get<{ list: Summary[] }>(BASE)).data!.list).toHaveLength(2);

    expect((await api.delete(`${BASE}/${sent.data!.name}`)).code).toBe(200);
    expect(await api.delete(`${BASE}/${sent.data!.name}`)).toMatchObject({ code: 400, msg: '备份不存在' });
  });

  it('refuses unknown names, tasks and links', async () => {
    expect((await api.post(`${BASE}/..%2F..%2Fconfig.json/Actions/Restore`, { confirm: true })).code).not.toBe(200);
    expect(await api.post(`${BASE}/backup-20200101-000000-00000000.tar.gz/Actions/Download`)).toMatchObject({
      code: 400,
      msg: '备份不存在',
    });
    expect(await api.get(`${BASE}/Jobs/${'0'.repeat(24)}`)).toMatchObject({ code: 400, msg: '任务不存在或已过期' });
    const link = await fetch(`${server.baseUrl}${BASE}/Download/${'a'.repeat(43)}`);
    expect(((await link.json()) as { code: number }).code).toBe(400);
  });

  it('administrators only', async () => {
    const staff = await signedInUser(server);
    const as = client(server, staff.token);
    expect(await as.get(BASE)).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect(await as.post(BASE)).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect(await as.post(`${BASE}/${name}/Actions/Restore`, { confirm: true, force: true })).toMatchObject({
      code: 400,
      msg: '没有访问权限',
    });
    expect(await as.post(`${BASE}/${name}/Actions/Download`)).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect((await call(server, 'GET', BASE)).code).toBe(602);
  });
});
