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
  /** hours an uploaded file nothing holds (and an unfinished chunk upload) is kept before the sweep removes it */
  FILE_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** bytes of stored uploads one user may have (documents, pictures, attachments, chat pictures; not avatars) */
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024 * 1024),
  /** bytes of unfinished chunk uploads one user may have open at once (their announced sizes) */
  UPLOAD_PENDING_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(512 * 1024 * 1024),
  /** batch import of records from a sheet (users, dictionaries, online forms): largest file and most rows */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(1000),
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
  /** stored files in an S3-compatible object store instead of DATA_DIR/files: set the bucket to switch */
  S3_BUCKET: z.string().max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().max(50).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(200).optional(),
  /** bucket in the path (http://host/bucket/key), what MinIO and most S3-compatible servers need */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** a folder in the bucket for this deployment's keys, e.g. jnpf/ */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/, 'S3_PREFIX must be empty or folders ending in /')
    .default(''),
  /** data interfaces: hosts an HTTP interface may reach although private or loopback (comma separated) */
  DATA_INTERFACE_ALLOW_HOSTS: z.string().default(''),
  /** data interfaces: days their call logs are kept */
  DATA_INTERFACE_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** the local Chromium that lays out printed pages as PDF (empty: PDF download not configured) */
  PDF_CHROMIUM_PATH: z.string().max(500).default('/usr/bin/chromium'),
  /** the longest one PDF may take to lay out, in seconds, before each page's own time (PDF_PAGE_TIMEOUT_MS) */
  PDF_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /** what each printed page adds to a PDF's layout time bound, in milliseconds (a batch takes longer) */
  PDF_PAGE_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /** the longest any PDF may take to lay out, in seconds, however many pages (at least PDF_TIMEOUT_SECONDS) */
  PDF_TIMEOUT_MAX_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /** largest body of one PDF request (its pages and pictures), in bytes: above BODY_LIMIT, a batch is large */
  PDF_BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(32 * 1024 * 1024),
});

/** an S3-compatible object store for stored files (storage.ts) */
export interface S3Settings {
  bucket: string;
  /** unset: AWS S3 itself */
  endpoint: string | undefined;
  region: string;
  /** unset: the AWS SDK's own credential chain (AWS_* variables, instance roles) */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

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
  /** ms an upload nothing holds, or an unfinished chunk upload, is kept before the sweep removes it */
  fileGraceMs: number;
  /** bytes of stored uploads per user */
  uploadQuota: number;
  /** bytes of unfinished chunk uploads per user */
  pendingUploadQuota: number;
  /** batch import from a sheet: the largest file in bytes and the most rows */
  sheetImport: { maxBytes: number; maxRows: number };
  trustProxy: boolean;
  development: boolean;
  sms: { aliyunEndpoint: string; tencentEndpoint: string; mode: 'send' | 'log' };
  /** overrides of the admission gate's per-engine defaults */
  admission?: { concurrency?: number; queue?: number; waitMs?: number };
  /** stored files in an object store; unset: on the local disk under dataDir */
  s3?: S3Settings;
  /** data interfaces: hosts allowed although private, and the days call logs are kept */
  dataInterface: { allowHosts: string[]; logDays: number };
  /**
   * printed pages as PDF: the local Chromium that lays them out ('' when not configured), its time bound (the
   * base, what each page adds, and the ceiling), and the largest request body (a batch's pages and pictures),
   * which replaces bodyLimit on that route
   */
  pdf: { chromiumPath: string; timeoutMs: number; pageTimeoutMs: number; timeoutMaxMs: number; bodyLimit: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new Error('Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
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
    fileGraceMs: Math.round(e.FILE_GRACE_HOURS * 3600_000),
    uploadQuota: e.UPLOAD_QUOTA_BYTES,
    pendingUploadQuota: e.UPLOAD_PENDING_QUOTA_BYTES,
    sheetImport: { maxBytes: e.IMPORT_MAX_BYTES, maxRows: e.IMPORT_MAX_ROWS },
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
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX,
          },
        }
      : {}),
    dataInterface: {
      allowHosts: e.DATA_INTERFACE_ALLOW_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      logDays: e.DATA_INTERFACE_LOG_DAYS,
    },
    pdf: {
      chromiumPath: e.PDF_CHROMIUM_PATH.trim(),
      timeoutMs: Math.round(e.PDF_TIMEOUT_SECONDS * 1000),
      pageTimeoutMs: e.PDF_PAGE_TIMEOUT_MS,
      timeoutMaxMs: Math.round(Math.max(e.PDF_TIMEOUT_SECONDS, e.PDF_TIMEOUT_MAX_SECONDS) * 1000),
      bodyLimit: e.PDF_BODY_LIMIT,
    },
  };
}
