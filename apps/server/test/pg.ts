// PostgreSQL helpers for tests: a template per run, a fresh database per test file.
import { randomBytes } from 'node:crypto';

export const templateName = () => `jnpf_tpl_${process.pid}`;

export function adminUrl(url: string): string {
  return url;
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

export async function cloneDatabase(url: string, template: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `jnpf_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(`create database "${name}" template "${template}"`);
  } finally {
    await client.end();
  }
  return name;
}
