// A large organisation for benchmarks: by default 10,000 departments (100 under the top company, 99 under each
// of those) and 100,000 users spread over them. Column-array inserts, a few thousand rows per transaction, one
// password hash for everyone (the configured default password). Run by bench/seedLarge.mjs.
import { md5Hex } from '@jnpf/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organize } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/password.js';
import { insertDepartments, insertRelations, type DepartmentRow } from '../organize/index.js';
import { insertUsers } from './importer.js';

export interface SeedLargeOptions {
  departments?: number;
  users?: number;
  /** rows per transaction */
  batch?: number;
  /** the plain password every seeded user gets */
  password?: string;
  log?: (message: string) => void;
}

export interface SeedLargeResult {
  prefix: string;
  departments: number;
  users: number;
  departmentMs: number;
  userMs: number;
  totalMs: number;
}

export async function seedLarge(db: Db, options: SeedLargeOptions = {}): Promise<SeedLargeResult> {
  const departments = options.departments ?? 10_000;
  const users = options.users ?? 100_000;
  const batch = options.batch ?? 5_000;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  // every run has its own prefix, so that codes and accounts never collide with an earlier run
  const prefix = `L${Date.now().toString(36)}`;
  const [root] = await db.select().from(organize).where(eq(organize.parentId, '-1')).limit(1);
  if (!root) throw new Error('seedLarge: no top organisation; migrate first');

  const firstLevel = Math.max(1, Math.min(departments, Math.round(Math.sqrt(departments))));
  const nodes: DepartmentRow[] = [];
  for (let i = 0; i < firstLevel; i++) {
    const id = newId();
    nodes.push({
      id,
      parentId: root.id,
      tree: `${root.organizeIdTree},${id}`,
      name: `部门${i + 1}`,
      code: `${prefix}.${i + 1}`,
    });
  }
  for (let i = firstLevel; i < departments; i++) {
    const parent = nodes[(i - firstLevel) % firstLevel]!;
    const id = newId();
    nodes.push({
      id,
      parentId: parent.id,
      tree: `${parent.tree},${id}`,
      name: `${parent.name}-${i}`,
      code: `${prefix}.${i + 1}`,
    });
  }
  const now = Date.now();
  for (let start = 0; start < nodes.length; start += batch) {
    const chunk = nodes.slice(start, start + batch);
    await db.transaction((tx) => insertDepartments(tx, chunk, now));
  }
  const departmentMs = Date.now() - started;
  log(`${departments} departments in ${departmentMs} ms`);

  const password = await hashPassword(md5Hex(options.password ?? '0000'));
  for (let start = 0; start < users; start += batch) {
    const count = Math.min(batch, users - start);
    const rows = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const dept = nodes[i % nodes.length]!;
      return {
        id: newId(),
        account: `${prefix}u${i}`,
        realName: `用户${i}`,
        gender: (i % 2) + 1,
        enabledMark: 1,
        sortCode: 0,
        organizeId: dept.id,
        creatorTime: Date.now(),
        passwordHash: '',
        passwordSalt: '',
      };
    });
    await db.transaction(async (tx) => {
      const ids = await insertUsers(tx, rows, password);
      const created = new Set(ids);
      await insertRelations(
        tx,
        rows
          .filter((r) => created.has(r.id))
          .map((r) => ({
            userId: r.id,
            objectType: 'Organize',
            objectId: r.organizeId,
            sortCode: 0,
            creatorTime: r.creatorTime,
          })),
      );
    });
    if ((start / batch) % 5 === 4) log(`${start + count} users after ${Date.now() - started} ms`);
  }
  // fresh statistics, so that the first queries of a benchmark are planned for the data they meet
  await db.execute(sql`analyze base_organize, base_user, base_user_relation`);
  const totalMs = Date.now() - started;
  return { prefix, departments, users, departmentMs, userMs: totalMs - departmentMs, totalMs };
}
