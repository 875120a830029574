// Environment → one typed, validated configuration object.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CIPHER_KEY } from '@jnpf/core';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(30008),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().max(50).default('jnpf:'),
  CIPHER_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v) === 16, 'CIPHER_KEY must be 16 bytes (AES-128)')
    .default(DEFAULT_CIPHER_KEY),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  UPLOAD_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  NODE_ENV: z.string().default('production'),
  /** the SMS providers' API addresses (tests point them at a local fake) */
  SMS_ALIYUN_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  SMS_TENCENT_ENDPOINT: z.url().default('https://sms.tencentcloudapi.com/'),
  /** log: write verification codes to the server log instead of sending them (the default in development) */
  SMS_MODE: z.enum(['send', 'log']).optional(),
  /** API calls running at once, waiting at most, and the longest wait (ms); unset: per engine (admission.ts) */
  ADMISSION_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).optional(),
  ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  ADMISSION_WAIT_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** data interfaces: hosts an HTTP interface may reach although private or loopback (comma separated) */
  DATA_INTERFACE_ALLOW_HOSTS: z.string().default(''),
  /** data interfaces: days their call logs are kept */
  DATA_INTERFACE_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** key prefix in Redis: several deployments (or test servers) can share one Redis */
  redisPrefix: string;
  cipherKey: string;
  adminPassword: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  bodyLimit: number;
  /** largest uploaded file in bytes: a chunk upload's whole file (one-shot upload routes set lower limits) */
  uploadLimit: number;
  trustProxy: boolean;
  development: boolean;
  sms: { aliyunEndpoint: string; tencentEndpoint: string; mode: 'send' | 'log' };
  /** overrides of the admission gate's per-engine defaults */
  admission?: { concurrency?: number; queue?: number; waitMs?: number };
  /** data interfaces: hosts allowed although private, and the days call logs are kept */
  dataInterface: { allowHosts: string[]; logDays: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    cipherKey: e.CIPHER_KEY,
    adminPassword: e.ADMIN_PASSWORD ?? '123456',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    bodyLimit: e.BODY_LIMIT,
    uploadLimit: e.UPLOAD_LIMIT,
    trustProxy: e.TRUST_PROXY === 'true',
    development: e.NODE_ENV === 'development',
    sms: {
      aliyunEndpoint: e.SMS_ALIYUN_ENDPOINT,
      tencentEndpoint: e.SMS_TENCENT_ENDPOINT,
      mode: e.SMS_MODE ?? (e.NODE_ENV === 'development' ? 'log' : 'send'),
    },
    admission: {
      ...(e.ADMISSION_CONCURRENCY !== undefined ? { concurrency: e.ADMISSION_CONCURRENCY } : {}),
      ...(e.ADMISSION_QUEUE !== undefined ? { queue: e.ADMISSION_QUEUE } : {}),
      ...(e.ADMISSION_WAIT_MS !== undefined ? { waitMs: e.ADMISSION_WAIT_MS } : {}),
    },
    dataInterface: {
      allowHosts: e.DATA_INTERFACE_ALLOW_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      logDays: e.DATA_INTERFACE_LOG_DAYS,
    },
  };
}
