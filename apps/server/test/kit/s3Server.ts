// A small S3-compatible server for tests, in memory: the calls storage.ts makes (PutObject, GetObject with
// Range and If-Match, HeadObject, DeleteObject, ListObjectsV2 with paging), path-style addressing, and every
// request's AWS Signature Version 4 checked against the one key pair it knows, payload hash included. No
// MinIO binary or Docker is at hand, and the npm fakes (s3rver) are unmaintained, so the tests bring their own.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../../src/config.js';

export interface StoredObject {
  body: Buffer;
  etag: string;
  modified: Date;
}

export interface S3TestServer {
  /** settings for a server's config (config.s3) */
  settings: S3Settings;
  /** the bucket's objects by key */
  objects: Map<string, StoredObject>;
  /** every request as "METHOD /path?query" */
  requests: string[];
  /** requests refused for their signature or key */
  refused: number;
  close(): Promise<void>;
}

export interface S3ServerOptions {
  /** objects per ListObjectsV2 page (S3 itself: 1000) */
  pageSize?: number;
  region?: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function canonicalQuery(raw: string): string {
  if (!raw) return '';
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, '%20'));
      const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, '%20'));
      return [encode(name), encode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
}

/** null when the request is signed by the known key; else why not */
function checkSignature(
  req: http.IncomingMessage,
  body: Buffer,
  accessKeyId: string,
  secret: string,
  region: string,
): string | null {
  const auth = req.headers.authorization;
  if (!auth?.startsWith(`${ALGORITHM} `)) return 'AccessDenied';
  const fields = Object.fromEntries(
    auth
      .slice(ALGORITHM.length + 1)
      .split(/,\s*/)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  ) as Record<string, string>;
  const [keyId, date, scopeRegion, service, terminal] = (fields.Credential ?? '').split('/');
  if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
  if (scopeRegion !== region || service !== 's3' || terminal !== 'aws4_request') return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date ?? '-')) return 'AuthorizationHeaderMalformed';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const signed = (fields.SignedHeaders ?? '').split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) return 'AccessDenied';
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const canonicalHeaders = signed
    .map((h) => {
      const value = req.headers[h];
      return `${h}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [
    req.method,
    q < 0 ? url : url.slice(0, q),
    canonicalQuery(q < 0 ? '' : url.slice(q + 1)),
    canonicalHeaders,
    fields.SignedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${scopeRegion}/s3/aws4_request`;
  const toSign = [ALGORITHM, amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === fields.Signature ? null : 'SignatureDoesNotMatch';
}

const STATUS: Record<string, number> = {
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  SignatureDoesNotMatch: 403,
  AuthorizationHeaderMalformed: 400,
  XAmzContentSHA256Mismatch: 400,
  NoSuchKey: 404,
  NoSuchBucket: 404,
  PreconditionFailed: 412,
  InvalidRange: 416,
  MethodNotAllowed: 405,
};

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3TestServer> {
  const region = options.region ?? 'us-east-1';
  const pageSize = options.pageSize ?? 1000;
  const bucket = `test-${randomBytes(4).toString('hex')}`;
  const accessKeyId = `AKTEST${randomBytes(6).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64');
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  let refused = 0;

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      try {
        handle(req, Buffer.concat(parts), res);
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    });
  });

  function fail(res: http.ServerResponse, code: string, head = false) {
    res.statusCode = STATUS[code] ?? 400;
    if (head) return res.end();
    res.setHeader('content-type', 'application/xml');
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  }

  function handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const method = req.method ?? 'GET';
    requests.push(`${method} ${req.url}`);
    const isHead = method === 'HEAD';
    const why = checkSignature(req, body, accessKeyId, secretAccessKey, region);
    if (why) {
      refused++;
      return fail(res, why, isHead);
    }
    const url = new URL(req.url ?? '/', 'http://s3.test');
    const [, bucketName, ...rest] = url.pathname.split('/');
    if (bucketName !== bucket) return fail(res, 'NoSuchBucket', isHead);
    const key = rest.map((s) => decodeURIComponent(s)).join('/');
    if (!key) {
      if (method !== 'GET' || url.searchParams.get('list-type') !== '2') return fail(res, 'MethodNotAllowed');
      return list(url.searchParams, res);
    }
    const found = objects.get(key);
    switch (method) {
      case 'PUT': {
        if (req.headers['x-amz-copy-source']) return fail(res, 'MethodNotAllowed');
        if (req.headers['if-none-match'] === '*' && found) return fail(res, 'PreconditionFailed');
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, { body, etag, modified: new Date() });
        res.setHeader('ETag', etag);
        return res.end();
      }
      case 'DELETE':
        objects.delete(key);
        res.statusCode = 204;
        return res.end();
      case 'GET':
      case 'HEAD': {
        if (!found) return fail(res, 'NoSuchKey', isHead);
        const ifMatch = req.headers['if-match'];
        if (ifMatch !== undefined && ifMatch !== found.etag) return fail(res, 'PreconditionFailed', isHead);
        let bytes = found.body;
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(range[2] ? Number(range[2]) : bytes.length - 1, bytes.length - 1);
          if (start >= bytes.length) return fail(res, 'InvalidRange', isHead);
          bytes = found.body.subarray(start, end + 1);
          res.statusCode = 206;
          res.setHeader('Content-Range', `bytes ${start}-${end}/${found.body.length}`);
        }
        res.setHeader('Content-Length', bytes.length);
        res.setHeader('ETag', found.etag);
        res.setHeader('Last-Modified', found.modified.toUTCString());
        res.setHeader('Content-Type', 'application/octet-stream');
        return res.end(isHead ? undefined : bytes);
      }
      default:
        return fail(res, 'MethodNotAllowed');
    }
  }

  function list(params: URLSearchParams, res: http.ServerResponse) {
    const prefix = params.get('prefix') ?? '';
    const after = params.get('continuation-token')
      ? Buffer.from(params.get('continuation-token')!, 'base64url').toString('utf8')
      : (params.get('start-after') ?? '');
    const max = Math.min(Number(params.get('max-keys') ?? pageSize) || pageSize, pageSize);
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = objects.get(k)!;
        return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated
      ? `<NextContinuationToken>${Buffer.from(page[page.length - 1]!).toString('base64url')}</NextContinuationToken>`
      : '';
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: true,
      prefix: '',
    },
    objects,
    requests,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
