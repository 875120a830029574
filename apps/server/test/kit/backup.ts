// For the backup tests: a platform with records of several kinds and an uploaded file, made through the API;
// a check that another platform holds the same; the tasks of the backup screen polled to their end.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { dictionaryType } from '../../src/db/schema/index.js';
import { client, signIn, type Client, type TestServer } from '../harness.js';
import { createDepartment, createPosition, createRole, createUser } from './directoryApi.js';
import { headOffice } from './directory.js';
import { upload } from './uploads.js';

export interface Made {
  roleId: string;
  departmentId: string;
  positionId: string;
  userId: string;
  account: string;
  file: { url: string; bytes: Buffer };
  /** a generated download (a dictionary export, kept as bytea) by its link, with its bytes */
  exported: { url: string; bytes: Buffer };
}

/** a role, a department, a position, a user in it and an uploaded file, made by the administrator */
export async function makeRecords(server: TestServer, api: Client, token: string): Promise<Made> {
  const office = await headOffice(server.platform.context);
  const roleId = await createRole(api, { fullName: '备份角色' });
  const departmentId = await createDepartment(api, office.id, { fullName: '备份部门' });
  const positionId = await createPosition(api, departmentId, { fullName: '备份岗位' });
  const { id: userId, account } = await createUser(api, departmentId, { realName: '备份用户' });
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);
  const identifier = randomBytes(16).toString('hex');
  const fields = {
    chunkNumber: '1',
    chunkSize: String(5 * 1024 * 1024),
    currentChunkSize: String(bytes.length),
    totalSize: String(bytes.length),
    identifier,
    filename: 'report.pdf',
    relativePath: 'report.pdf',
    totalChunks: '1',
    fileType: 'application/pdf',
    extension: 'pdf',
  };
  const chunk = await upload(server, '/api/file/chunk', [{ name: 'report.pdf', content: bytes }], { token, fields });
  expect(chunk.code, chunk.msg).toBe(200);
  const merged = await api.post<{ url: string }>('/api/file/merge', undefined, {
    form: {
      identifier,
      fileName: 'report.pdf',
      fileSize: String(bytes.length),
      fileType: 'application/pdf',
      extension: 'pdf',
    },
  });
  expect(merged.code, merged.msg).toBe(200);
  const [type] = await server.platform.context.db.select({ id: dictionaryType.id }).from(dictionaryType).limit(1);
  const exported = await api.get<{ url: string }>(`/api/system/DictionaryData/${type!.id}/Actions/Export`);
  expect(exported.code, exported.msg).toBe(200);
  const exportedBytes = Buffer.from(await (await fetch(`${server.baseUrl}${exported.data!.url}`)).arrayBuffer());
  expect(exportedBytes.length).toBeGreaterThan(0);
  return {
    roleId,
    departmentId,
    positionId,
    userId,
    account,
    file: { url: merged.data!.url, bytes },
    exported: { url: exported.data!.url, bytes: exportedBytes },
  };
}

/** the administrator signs in to `server` and finds every record and the file of `made` */
export async function expectRecords(server: TestServer, made: Made): Promise<void> {
  const token = await signIn(server);
  const api = client(server, token);
  const role = await api.get<{ fullName: string }>(`/api/permission/Role/${made.roleId}`);
  expect(role.data?.fullName).toBe('备份角色');
  const position = await api.get<{ fullName: string }>(`/api/permission/Position/${made.positionId}`);
  expect(position.data?.fullName).toBe('备份岗位');
  const user = await api.get<{ account: string; realName: string }>(`/api/permission/Users/${made.userId}`);
  expect(user.data).toMatchObject({ account: made.account, realName: '备份用户' });
  const file = await fetch(`${server.baseUrl}${made.file.url}`, {
    headers: { authorization: token, 'x-forwarded-for': server.clientIp },
  });
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(made.file.bytes)).toBe(true);
  // bytes kept in the database (bytea) come back the same
  const exported = await fetch(`${server.baseUrl}${made.exported.url}`);
  expect(exported.status).toBe(200);
  expect(Buffer.from(await exported.arrayBuffer()).equals(made.exported.bytes)).toBe(true);
}

export interface Job {
  state: 'running' | 'done' | 'failed';
  name: string;
  kind: string;
  phase: string | null;
  done: number;
  total: number;
  result: { tables: number; rows: number; files: number } | null;
  error: string | null;
}

/** polls a task of the backup screen until it ends */
export async function finished(api: Client, jobId: string, lang = 'zh'): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const res = await api.get<Job>(`/api/systemData/DataBackup/Jobs/${jobId}`, {
      headers: { 'jnpf-language': lang },
    });
    expect(res.code, res.msg).toBe(200);
    if (res.data!.state !== 'running') return res.data!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${jobId} did not end`);
}
