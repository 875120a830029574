// /api/system/Location: place lookups for the location field of forms, through the AMap web service.
// The server holds the key (AMAP_KEY); a key sent by the client is ignored, so the server is no open proxy
// for other people's keys. AMAP_API_BASE (default https://restapi.amap.com) allows a proxy or a test server.
// The answer is AMap's own JSON (status, info, count, pois / tips), as the reference passes it through.
import type { FastifyReply } from 'fastify';
import { z, type ZodType } from 'zod';
import { LOCATION_MAP_ZOOM, LOCATION_MAP_ZOOM_RANGE, type Language } from '@jnpf/core';
import { refuse } from '../../platform/errors.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { callImage, callJson, cleanRemoteMessage, failureText } from '../sysConfig/index.js';
import { m } from './messages.js';

const BASE = '/api/system/Location';
const amapBase = () => (process.env.AMAP_API_BASE?.trim() || 'https://restapi.amap.com').replace(/\/+$/, '');
const amapKey = () => process.env.AMAP_KEY?.trim() ?? '';

/** "longitude,latitude" with up to six decimals, as AMap takes it */
const location = z
  .string({ error: msg(m.locationFormat) })
  .trim()
  .regex(/^-?\d{1,3}(\.\d{1,8})?,-?\d{1,2}(\.\d{1,8})?$/, { error: msg(m.locationFormat) });
const keywords = z
  .string({ error: msg(m.keywordsRequired) })
  .trim()
  .min(1, { error: msg(m.keywordsRequired) })
  .max(100);
const paging = {
  radius: z.coerce.number().int().min(-1).max(50_000).optional(),
  offset: z.coerce.number().int().min(1).max(50).default(20),
  page: z.coerce.number().int().min(1).max(100).default(1),
  /** accepted for the client's sake and ignored: the server's key is used */
  key: z.string().max(100).optional(),
};
const optionalText = (max: number) => z.string().trim().max(max).optional();

async function amap(lang: Language, path: string, params: Record<string, string | number | undefined>) {
  const key = amapKey();
  if (!key) throw refuse(m.mapNotConfigured);
  const query: Record<string, string> = { key, output: 'JSON' };
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query[k] = String(v);
  const res = await callJson(`${amapBase()}${path}`, { method: 'GET', query });
  if (!res.ok) throw refuse(m.mapFailed, { detail: failureText(lang, res) });
  // AMap answers status "1" on success, "0" with info and infocode otherwise
  if (String(res.data.status) !== '1')
    throw refuse(m.mapFailed, {
      detail: `${cleanRemoteMessage(res.data.info) || 'UNKNOWN'}${res.data.infocode ? `（${cleanRemoteMessage(res.data.infocode)}）` : ''}`,
    });
  return ok(res.data);
}

const limit = {
  max: 60,
  timeWindowMs: 60_000,
  key: (req: { ip: string; principal: { userId: string } | null }) => `${req.ip}|${req.principal?.userId ?? ''}`,
};

type AmapParams = Record<string, string | number | undefined> & { key?: string };

/** GET <BASE>/<name>: AMap's answer at `path` for the query, without the client's key */
function amapRoute<Q extends AmapParams>(name: string, path: string, summary: string, query: ZodType<Q>) {
  return route({
    method: 'GET',
    url: `${BASE}/${name}`,
    permission: 'signedIn',
    summary,
    rateLimit: limit,
    query,
    async handler({ lang, query }) {
      const { key: _ignored, ...params } = query;
      return amap(lang, path, params);
    },
  });
}

/** "width*height" in pixels, each 1–1024, as AMap's static map takes it */
const pictureSize = z
  .string({ error: msg(m.mapSize) })
  .trim()
  .regex(/^\d{1,4}\*\d{1,4}$/, { error: msg(m.mapSize) })
  .refine((size) => size.split('*').every((n) => Number(n) >= 1 && Number(n) <= 1024), { error: msg(m.mapSize) });

/** the query of a map picture: centre, zoom, size "W*H" up to 1024*1024, scale 1 or 2 (a client's key ignored) */
export const staticMapQuery = z.object({
  location,
  zoom: z.coerce
    .number()
    .int()
    .min(LOCATION_MAP_ZOOM_RANGE.min)
    .max(LOCATION_MAP_ZOOM_RANGE.max)
    .default(LOCATION_MAP_ZOOM),
  size: pictureSize.default('600*300'),
  scale: z.enum(['1', '2']).default('1'),
  key: paging.key,
});

/**
 * answers the map picture of the query, the bytes themselves, through the server's key (refused when no key is
 * configured or the service fails). Also the picture of a form link's location field (visualdev's ShortLink).
 */
export async function sendStaticMap(lang: Language, query: z.infer<typeof staticMapQuery>, reply: FastifyReply) {
  const key = amapKey();
  if (!key) throw refuse(m.mapNotConfigured);
  const { location: centre, zoom, size, scale } = query;
  const res = await callImage(`${amapBase()}/v3/staticmap`, {
    key,
    location: centre,
    zoom: String(zoom),
    size,
    scale,
  });
  if (!res.ok) {
    const detail =
      res.reason === 'remote'
        ? `${cleanRemoteMessage(res.message) || 'UNKNOWN'}${res.code ? `（${res.code}）` : ''}`
        : failureText(lang, res);
    throw refuse(m.mapFailed, { detail });
  }
  // the same point, zoom and size always draw the same picture: the browser may keep it a day
  await reply
    .header('content-type', res.contentType)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(res.bytes);
}

/** GET <BASE>/staticmap: a map picture centred on a point, the bytes themselves (the picker's map, thumbnails) */
const staticMapRoute = route({
  method: 'GET',
  url: `${BASE}/staticmap`,
  permission: 'signedIn',
  summary:
    'A map picture centred on a point (AMap v3/staticmap): location, zoom, size "W*H" up to 1024*1024, scale 1 or 2; answers the picture',
  // a picker asks for one picture per move or zoom; thumbnails of a detail page one each
  rateLimit: { ...limit, max: 240 },
  query: staticMapQuery,
  async handler({ lang, query, reply }) {
    await sendStaticMap(lang, query, reply);
  },
});

/** the place searches a location picker makes: around a point, and by keywords (AMap's path and its query) */
export const placeSearches = {
  around: {
    path: '/v3/place/around',
    query: z.object({ location, keywords: optionalText(100), types: optionalText(200), ...paging }),
  },
  text: {
    path: '/v3/place/text',
    query: z.object({
      keywords,
      city: optionalText(50),
      citylimit: z.enum(['true', 'false']).optional(),
      types: optionalText(200),
      ...paging,
    }),
  },
} as const;

/** AMap's answer to a place search, through the server's key (a client's key dropped) */
export function searchPlaces<K extends keyof typeof placeSearches>(
  lang: Language,
  kind: K,
  query: z.infer<(typeof placeSearches)[K]['query']>,
) {
  const { key: _ignored, ...params } = query as AmapParams;
  return amap(lang, placeSearches[kind].path, params);
}

export const locationRoutes = [
  staticMapRoute,
  amapRoute(
    'around',
    placeSearches.around.path,
    'Places around a point (AMap v3/place/around): location, radius, offset, page, keywords, types',
    placeSearches.around.query,
  ),
  amapRoute(
    'text',
    placeSearches.text.path,
    'Places matching keywords (AMap v3/place/text): keywords, city, citylimit, radius, offset, page',
    placeSearches.text.query,
  ),
  amapRoute(
    'inputtips',
    '/v3/assistant/inputtips',
    'Input suggestions (AMap v3/assistant/inputtips): keywords, city, location, type',
    z.object({
      keywords,
      city: optionalText(50),
      location: location.optional(),
      type: optionalText(200),
      citylimit: z.enum(['true', 'false']).optional(),
      key: paging.key,
    }),
  ),
];
