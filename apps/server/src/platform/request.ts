// Small facts about the caller drawn from the request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.js';

export function userAgentOf(req: FastifyRequest): string | null {
  const ua = req.headers['user-agent'];
  return ua ? ua.slice(0, 500) : null;
}

export function originOf(req: FastifyRequest): 'pc' | 'app' {
  return req.headers['jnpf-origin'] === 'app' ? 'app' : 'pc';
}

export function browserOf(ua: string | null): { browser: string; platform: string } {
  if (!ua) return { browser: '', platform: '' };
  const browser =
    /Edg\/([\d.]+)/.exec(ua)?.[0] ??
    /Chrome\/([\d.]+)/.exec(ua)?.[0] ??
    /Firefox\/([\d.]+)/.exec(ua)?.[0] ??
    /Version\/([\d.]+).*Safari/.exec(ua)?.[0] ??
    ua.split(' ')[0] ??
    '';
  const platform = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(ua)?.[0] ?? '';
  return { browser: browser.slice(0, 100), platform };
}

/** where an address is, as far as we can tell without an outside service */
export function placeOf(ip: string): string {
  if (/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:127\.|fc|fd|fe80)/i.test(ip)) return '本地局域网';
  return '';
}

export function actorOf(req: FastifyRequest): AuditActor {
  return {
    userId: req.principal?.userId ?? null,
    userName: req.principal ? `${req.principal.userName}/${req.principal.account}` : null,
    ip: req.ip,
    requestId: req.id,
  };
}

/** matches the configured whitelist: exact addresses, or prefixes ending in "*" */
export function ipAllowed(ip: string, whitelist: string): boolean {
  const entries = whitelist
    .split(/[,，\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const bare = ip.replace(/^::ffff:/, '');
  return entries.some((e) => (e.endsWith('*') ? bare.startsWith(e.slice(0, -1)) : bare === e));
}

/**
 * A signal aborted when the client goes away before its answer is sent (the dialog closed, the browser gave up):
 * the response closes unfinished. A finished response closes too, so that close says nothing. Neither the
 * request's own 'close' nor Fastify's request.signal tell it: they fire as soon as a body has been read. A
 * handler passes it to long work (a PDF's layout) that nobody would wait for once the client is gone.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  const res = reply.raw;
  const gone = () => {
    if (!res.writableFinished) abort.abort();
  };
  // gone before the handler looked: the connection has closed already
  if (res.destroyed || reply.request.raw.socket?.destroyed) gone();
  else res.once('close', gone);
  return abort.signal;
}
