// Builds the Fastify app from the platform and the modules. main.ts and the tests both use it.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import secureJson from 'secure-json-parse';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  isLanguage,
  jsonNestingExceeds,
  parseAcceptLanguage,
  pickLanguage,
  ResultCode,
  type Language,
} from '@jnpf/core';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { CatalogueService } from './platform/catalogue.js';
import { envelope, type AppContext } from './platform/context.js';
import { UserDirectory } from './platform/directory.js';
import { AppError, ValidationError } from './platform/errors.js';
import { GrantService } from './platform/grants.js';
import { Guard } from './platform/guard.js';
import { t } from './platform/i18n.js';
import type { SharedState } from './platform/kv.js';
import type { PlatformModule } from './platform/module.js';
import { toFastifyRoute } from './platform/route.js';
import { SessionService } from './platform/sessions.js';
import { SysConfigService } from './platform/sysConfig.js';
import { Realtime } from './platform/realtime.js';
import { DataScopeService } from './platform/dataScope.js';
import { SmsClient } from './platform/sms.js';
import { loggedPath } from './platform/logging.js';
import { admissionDefaults, AdmissionGate, useAdmission } from './platform/admission.js';
import { InFlightCalls, trackInFlight } from './platform/inflight.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  shared: SharedState;
  modules: PlatformModule[];
  /** tests pass false to keep output quiet */
  logger?: boolean;
}

export interface RouteEntry {
  method: string;
  url: string;
  permission: unknown;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  realtime: Realtime;
  /** every route under /api with its declared permission (the route-table test walks it) */
  routeTable: RouteEntry[];
  /** API calls still running (closing waits for them before the database closes) */
  inFlight: InFlightCalls;
}

const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.code',
  'req.body.oldPassword',
];

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config, database, shared } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: LOG_REDACT },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // one concise line per request is written by the onResponse hook below
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // an address the router cannot decode (bad percent-encoding, half a surrogate) gets the envelope too
    frameworkErrors: (error, req, reply) => {
      const header = req.headers['jnpf-language'];
      const lang = isLanguage(header) ? header : pickLanguage(parseAcceptLanguage(req.headers['accept-language']));
      const key = error.code === 'FST_ERR_BAD_URL' ? 'badUrl' : 'badJson';
      void (reply as unknown as FastifyReply).status(200).send(envelope(lang, ResultCode.ValidateError, key));
    },
  });

  const sysConfig = new SysConfigService(database.db, shared.bus);
  const sessions = new SessionService(database.db, shared.bus, sysConfig);
  const directory = new UserDirectory(database.db, shared.bus);
  const grants = new GrantService(database, shared.bus);
  const catalogue = new CatalogueService(database.db, shared.bus);
  const context: AppContext = {
    config,
    database,
    db: database.db,
    shared,
    log: app.log,
    sysConfig,
    sessions,
    directory,
    grants,
    catalogue,
    guard: new Guard(sessions, directory, grants, catalogue),
    sms: new SmsClient(config.sms, app.log),
    envelope,
    // set just below: the hub needs the rest of the context
    realtime: undefined as unknown as Realtime,
    dataScope: undefined as unknown as DataScopeService,
  };
  context.dataScope = new DataScopeService(database, shared.bus, context);

  app.decorateRequest('lang', 'zh' as Language);
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (req) => {
    const header = req.headers['jnpf-language'];
    req.lang = isLanguage(header) ? header : pickLanguage(parseAcceptLanguage(req.headers['accept-language']));
  });
  const inFlight = new InFlightCalls();
  trackInFlight(app, inFlight);
  const admission = { ...admissionDefaults(database.kind, config.databasePoolSize), ...config.admission };
  useAdmission(app, new AdmissionGate(admission));
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('X-Request-Id', req.id);
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const url = loggedPath(req.routeOptions?.url, req.url);
    req.log.info({ method: req.method, url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  // Machine-checked convention: a route under /api that declares no permission cannot be registered.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && !route.url.startsWith('/websocket')) return;
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), permission: 'public' };
    if (!route.config?.permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    routeTable.push({ method: String(route.method), url: route.url, permission: route.config.permission });
  });

  // an empty JSON body (a state toggle sent with the JSON content type) is an empty object, not an error
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // kept for routes that check a signature over the exact bytes sent (data interfaces' outside calls)
    _req.rawBody = text;
    if (!text.trim()) return done(null, {});
    if (jsonNestingExceeds(text)) {
      const err = new Error('JSON nested too deeply') as Error & { statusCode: number; code: string };
      err.statusCode = 400;
      err.code = 'JNPF_JSON_TOO_DEEP';
      return done(err, undefined);
    }
    try {
      done(null, secureJson.parse(text, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      const err = new Error('invalid JSON') as Error & { statusCode: number; code: string };
      err.statusCode = 400;
      err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(err, undefined);
    }
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // uploads are read with req.file(); each route checks type and size itself (limits here are the ceiling)
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 1, fields: 20, parts: 25 } });
  await app.register(rateLimit, {
    global: false,
    ...(shared.redis ? { redis: shared.redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    errorResponseBuilder: () => {
      const err = new AppError(ResultCode.Fail, 'tooManyRequests') as AppError & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'JNPF platform API', version: '3.6.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error: FastifyError | AppError | ValidationError, req, reply) => {
    const lang = req.lang ?? 'zh';
    if (error instanceof ValidationError) {
      const detail = Object.entries(error.errors)
        .slice(0, 5)
        .map(([field, message]) => `${field}: ${message}`)
        .join('；');
      return reply.status(200).send({
        code: ResultCode.ValidateError,
        msg: t(lang, 'validation', { detail }),
        // data.cells: beside a list field's message, the row and column it refuses (clients reading errors only
        // see the same answer as before)
        data: error.cells ? { errors: error.errors, cells: error.cells } : { errors: error.errors },
      });
    }
    if (error instanceof AppError) {
      const body = envelope(lang, error.code, error.key, undefined, error.params);
      if (error.field) body.data = { errors: { [error.field]: body.msg } };
      return reply.status(200).send(body);
    }
    const status = (error as FastifyError).statusCode;
    const code = (error as FastifyError).code;
    if (code === 'JNPF_JSON_TOO_DEEP')
      return reply.status(200).send(envelope(lang, ResultCode.ValidateError, 'jsonTooDeep'));
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // a route with a limit of its own may say what it is about (RouteSpec.bodyLimit)
      const own = req.routeOptions?.config?.bodyTooLarge;
      return reply
        .status(200)
        .send(envelope(lang, ResultCode.Fail, own?.key ?? 'bodyTooLarge', undefined, own?.params));
    }
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      status === 400 ||
      status === 415
    )
      return reply.status(200).send(envelope(lang, ResultCode.ValidateError, 'badJson'));
    if (status === 429) return reply.status(200).send(envelope(lang, ResultCode.Fail, 'tooManyRequests'));
    req.log.error({ err: error, requestId: req.id }, 'unexpected error');
    return reply
      .status(200)
      .send({ code: ResultCode.Exception, msg: t(lang, 'systemError'), data: { requestId: req.id } });
  });

  const webIndex = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // headers are set per file below: hashed assets are immutable, the page itself is revalidated
      cacheControl: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || req.url.startsWith('/websocket')) {
      return reply.status(200).send(envelope(req.lang, 404, 'routeNotFound'));
    }
    if (hasWeb && req.method === 'GET') {
      const asset = path.normalize(safeDecode(req.url.split('?')[0] ?? '/')).replace(/^([/\\])+/, '');
      if (
        asset &&
        !asset.startsWith('..') &&
        /\.[a-z0-9]+$/i.test(asset) &&
        fs.existsSync(path.join(config.webDist, asset))
      )
        return reply
          .header('Cache-Control', asset.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
          .sendFile(asset);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send('Not found');
  });

  const realtime = new Realtime(context);
  context.realtime = realtime;
  realtime.register(app);
  for (const mod of options.modules) {
    for (const spec of mod.routes) app.route(toFastifyRoute(spec, mod.name, context));
    mod.setup?.(context);
  }
  return { app, context, realtime, routeTable, inFlight };
}

/** a path decoded, or '' when its percent-encoding is broken (such a path names no file) */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}
