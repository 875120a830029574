// The services every module uses, built once per app.
import type { FastifyBaseLogger } from 'fastify';
import type { ApiResult, Language } from '@jnpf/core';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { CatalogueService } from './catalogue.js';
import type { UserDirectory } from './directory.js';
import type { GrantService } from './grants.js';
import type { Guard } from './guard.js';
import type { SharedState } from './kv.js';
import type { SessionService } from './sessions.js';
import type { SysConfigService } from './sysConfig.js';
import type { Realtime } from './realtime.js';
import type { DataScopeService } from './dataScope.js';
import type { SmsClient } from './sms.js';
import { t, type MessageKey } from './i18n.js';

export interface Principal {
  sessionId: string;
  userId: string;
  account: string;
  userName: string;
  isAdministrator: boolean;
  origin: string;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  shared: SharedState;
  log: FastifyBaseLogger;
  sysConfig: SysConfigService;
  sessions: SessionService;
  directory: UserDirectory;
  grants: GrantService;
  catalogue: CatalogueService;
  guard: Guard;
  /** the WebSocket hub: frames to users' sockets in every process */
  realtime: Realtime;
  /** data-permission schemes turned into list-query conditions */
  dataScope: DataScopeService;
  /** text messages through the configured provider */
  sms: SmsClient;
  envelope(
    lang: Language,
    code: number,
    msgKey: MessageKey,
    data?: unknown,
    params?: Record<string, string | number>,
  ): ApiResult;
}

export function envelope(
  lang: Language,
  code: number,
  msgKey: MessageKey,
  data?: unknown,
  params?: Record<string, string | number>,
): ApiResult {
  const body: ApiResult = { code, msg: t(lang, msgKey, params) };
  if (data !== undefined && data !== null) body.data = data;
  return body;
}
