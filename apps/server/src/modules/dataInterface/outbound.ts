// HTTP calls of API interfaces: a time limit, a response size limit, and a destination rule — loopback,
// link-local, private and other special addresses are refused (every address the name resolves to is checked,
// and the connection goes to the checked address) unless the host is in DATA_INTERFACE_ALLOW_HOSTS.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import type { AppError } from '../../platform/errors.js';
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

export const HTTP_TIMEOUT_MS = 10_000;
export const HTTP_MAX_BYTES = 5 * 1024 * 1024;

export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface OutboundResponse {
  status: number;
  contentType: string;
  text: string;
}

/** addresses no interface may reach unless allowed by name */
export function isSpecialAddress(ip: string): boolean {
  const v4 = net.isIPv4(ip) ? ip : /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const x = ip.toLowerCase();
  return (
    x === '::' ||
    x === '::1' ||
    x.startsWith('fe8') ||
    x.startsWith('fe9') ||
    x.startsWith('fea') ||
    x.startsWith('feb') ||
    x.startsWith('fc') ||
    x.startsWith('fd') ||
    x.startsWith('ff') ||
    x.startsWith('64:ff9b') ||
    x.startsWith('2001:db8')
  );
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** a lookup that answers only allowed addresses: the connection goes where the check looked */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isSpecialAddress(a.address));
      if (bad && !allowed) {
        const e = Object.assign(new Error('destination refused'), { code: 'EDESTINATION', host: hostname });
        return callback(e, '', 0);
      }
      const first = addresses[0]!;
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

export function sendOutbound(req: OutboundRequest, allowHosts: string[]): Promise<OutboundResponse> {
  const { url } = req;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(refuse(m.httpUrlInvalid));
  const host = hostOf(url);
  const allowed = allowHosts.includes(host);
  if (net.isIP(host) && isSpecialAddress(host) && !allowed) return Promise.reject(refuse(m.httpDestination, { host }));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    const request = transport.request(
      url,
      {
        method: req.method,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
        lookup: guardedLookup(allowed),
        timeout: HTTP_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > HTTP_MAX_BYTES) {
          request.destroy();
          return fail(refuse(m.httpTooLarge, { size: '5MB' }));
        }
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > HTTP_MAX_BYTES) {
            request.destroy();
            fail(refuse(m.httpTooLarge, { size: '5MB' }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', () => fail(refuse(m.httpFailed, { reason: 'connection reset' })));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(overall);
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    // the whole exchange, not only idle time, is limited: a server dripping bytes is cut off too
    const overall = setTimeout(() => {
      request.destroy();
      fail(refuse(m.httpTimeout, { seconds: HTTP_TIMEOUT_MS / 1000 }));
    }, HTTP_TIMEOUT_MS);
    request.on('timeout', () => {
      request.destroy();
      fail(refuse(m.httpTimeout, { seconds: HTTP_TIMEOUT_MS / 1000 }));
    });
    request.on('error', (err: Error & { code?: string; host?: string }) => {
      clearTimeout(overall);
      if (err.code === 'EDESTINATION') return fail(refuse(m.httpDestination, { host }));
      fail(refuse(m.httpFailed, { reason: err.code ?? err.message }));
    });
    request.on('close', () => clearTimeout(overall));
    if (req.body) request.write(req.body);
    request.end();
  });
}
