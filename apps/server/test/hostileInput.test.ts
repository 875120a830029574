// Hostile input over the whole route table: every POST, PUT and DELETE route gets generated payloads built
// from its documented input (empty bodies, wrong types per field, 1 MB strings, JSON nested 10,000 deep,
// prototype keys, NUL, lone surrogates, right-to-left marks, SQL fragments). None may answer 500, and a
// string no database can store (NUL, a lone surrogate) is never accepted. A new route is covered by being in
// the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from './harness.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  minLength?: number;
  pattern?: string;
  nullable?: boolean;
  format?: string;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
}

// calls whose purpose is to end the caller's session: they would sign the test out, and take no input
const SKIPPED = new Set(['POST /api/oauth/Logout']);

const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);
/** as deep as an address can carry (a request's headers hold at most 16 kB) */
const DEEP_IN_QUERY = '['.repeat(2_000) + ']'.repeat(2_000);
const MEGABYTE = 'x'.repeat(1024 * 1024);
const UNSTORABLE = { nul: 'a\u0000b', loneSurrogate: 'a\ud800b', loneLowSurrogate: '\udc00' } as const;
const ODD_STRINGS = {
  rtl: '\u202Eabc\u200F',
  sql: "x' or '1'='1'; drop table base_user; --",
  deepJson: DEEP,
  protoJson: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
} as const;

/** a value of the field's documented shape, so that one field at a time can be made hostile */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sample(variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(0, schema.minimum ?? 0);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) out[key] = sample(inner, depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}

/** a value of another type than the field takes */
function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return { not: 'a string' };
  if (type === 'integer' || type === 'number') return 'not a number';
  if (type === 'array') return 'not a list';
  if (type === 'object') return [1, 2];
  return 12345;
}

function acceptsString(schema: JsonSchema): boolean {
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return variants.some((v) => v.type === 'string' || (Array.isArray(v.type) && v.type.includes('string')));
}

interface Payload {
  label: string;
  /** raw JSON text, so keys like __proto__ and deep nesting reach the server as written */
  body?: string;
  query?: Record<string, string>;
  /** the payload holds a string no database can store: it must not be accepted */
  unstorable?: boolean;
}

function payloadsFor(op: Operation): Payload[] {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const base = (sample(schema) ?? {}) as Record<string, unknown>;
  const payloads: Payload[] = [
    { label: 'no body' },
    { label: 'empty object', body: '{}' },
    { label: 'valid shape', body: JSON.stringify(base) },
    { label: 'array body', body: '[1,2,3]' },
    { label: 'nested 10,000 deep', body: DEEP },
    {
      label: 'prototype keys',
      body: `{"__proto__":{"isAdministrator":1},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(base).slice(1)}`,
    },
  ];
  const props = Object.entries(schema?.properties ?? {});
  const strings = props.filter(([, s]) => acceptsString(s)).map(([k]) => k);
  for (const [name, value] of Object.entries(UNSTORABLE)) {
    if (strings.length)
      payloads.push({
        label: `${name} in every string field`,
        body: JSON.stringify({ ...base, ...Object.fromEntries(strings.map((k) => [k, value])) }),
        unstorable: true,
      });
  }
  for (const [key, fieldSchema] of props.slice(0, 40)) {
    payloads.push({ label: `${key}: wrong type`, body: JSON.stringify({ ...base, [key]: wrongType(fieldSchema) }) });
    payloads.push({ label: `${key}: null`, body: JSON.stringify({ ...base, [key]: null }) });
    payloads.push({
      label: `${key}: a value nested 10,000 deep`,
      body: JSON.stringify({ ...base, [key]: '\u0000deep' }).replace('"\\u0000deep"', DEEP),
    });
  }
  // odd but storable strings in every string field at once: stored or refused, never a 500
  for (const [name, value] of Object.entries(ODD_STRINGS))
    if (strings.length)
      payloads.push({
        label: `${name} in every string field`,
        body: JSON.stringify({ ...base, ...Object.fromEntries(strings.map((k) => [k, value])) }),
      });
  for (const key of strings.slice(0, 2))
    payloads.push({ label: `${key}: 1 MB`, body: JSON.stringify({ ...base, [key]: MEGABYTE }) });
  for (const p of op.parameters?.filter((p) => p.in === 'query') ?? []) {
    payloads.push({
      label: `query ${p.name}: lone surrogate`,
      query: { [p.name]: UNSTORABLE.loneSurrogate },
      unstorable: true,
    });
    payloads.push({ label: `query ${p.name}: deep json`, query: { [p.name]: DEEP_IN_QUERY } });
  }
  return payloads;
}

let server: TestServer;
let token = '';
beforeAll(async () => {
  server = await startTestServer();
  token = await signIn(server);
});
afterAll(async () => {
  await server?.close();
});

async function send(method: string, path: string, payload: Payload) {
  const url = new URL(path, server.baseUrl);
  for (const [k, v] of Object.entries(payload.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {
    'jnpf-origin': 'pc',
    'x-forwarded-for': server.clientIp,
    authorization: token,
  };
  if (payload.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, ...(payload.body !== undefined ? { body: payload.body } : {}) });
  const text = await res.text();
  let envelope: { code?: number; msg?: string } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    // a reply that is not the envelope is reported below with its status
  }
  return { status: res.status, code: envelope.code, msg: envelope.msg, text };
}

describe('hostile input over the route table', () => {
  it('no write route answers 500 or accepts a string no database can store', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    let routes = 0;
    let tried = 0;
    for (const [openApiPath, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        if (!['POST', 'PUT', 'DELETE'].includes(verb) || SKIPPED.has(`${verb} ${openApiPath}`)) continue;
        routes++;
        const path = openApiPath.replace(/\{(\w+)\}/g, 'hostile0000000000001');
        const payloads = payloadsFor(op);
        if (openApiPath.includes('{'))
          payloads.push(
            { label: 'path parameter: lone surrogate', body: '{}' },
            { label: 'path parameter: sql', body: '{}' },
          );
        for (const payload of payloads) {
          let target = path;
          if (payload.label === 'path parameter: lone surrogate')
            target = openApiPath.replace(/\{(\w+)\}/g, '%ED%A0%80x');
          if (payload.label === 'path parameter: sql') target = openApiPath.replace(/\{(\w+)\}/g, "1'%20or%20'1'='1");
          let res = await send(verb, target, payload);
          if (res.code === 600 || res.code === 601 || res.code === 602) {
            token = await signIn(server); // a call ended the session (a password or account change): sign in again
            res = await send(verb, target, payload);
          }
          tried++;
          const where = `${verb} ${openApiPath} [${payload.label}]`;
          if (res.status !== 200 || res.code === undefined)
            failures.push(`${where}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
          else if (res.code === 500) failures.push(`${where}: 500 ${res.msg}`);
          else if (payload.unstorable && res.code === 200) failures.push(`${where}: accepted`);
        }
      }
    }
    console.warn(`hostile input: ${routes} routes, ${tried} payloads, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(150);
  }, 600_000);
});
