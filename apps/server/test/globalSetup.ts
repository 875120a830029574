// Prepares one migrated and seeded database image for the whole run, so each test file starts from a copy:
// a PGlite data-directory dump, and with TEST_DATABASE_URL a PostgreSQL template database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { dataMigrations } from '../src/modules/index.js';
import { testConfig } from './config.js';
import { adminUrl, dropDatabase, templateName } from './pg.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const config = testConfig();
  const imagePath = path.join(os.tmpdir(), `jnpf-pglite-image-${process.pid}.tar`);
  const db = await openDatabase({ memory: true });
  await migrate(db.db, dataMigrations, { config });
  const image = await db.dump!();
  fs.writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
  await db.close();
  project.provide('pgliteImage', imagePath);

  let template = '';
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    template = templateName();
    await dropDatabase(url, template);
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    await admin.end();
    const tpl = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 2 });
    await migrate(tpl.db, dataMigrations, { config });
    await tpl.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    fs.rmSync(imagePath, { force: true });
    if (url && template) await dropDatabase(url, template);
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
