// App-scan sign-in: the web page shows a ticket as a QR code and polls it; a signed-in mobile client marks it
// scanned, then confirms it, which opens a session for that user that the polling page receives once.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Principal } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { userAgentOf } from '../../platform/request.js';
import { themeOf } from './login.js';

export const TICKET_TTL_MS = 3 * 60_000;
/** 0 waiting for a scan, 1 scanned, 2 confirmed (token handed over once), 3 cancelled, -1 expired or unknown */
export type TicketStatus = 0 | 1 | 2 | 3 | -1;

interface TicketState {
  status: TicketStatus;
  token?: string;
  theme?: string;
}

const key = (ticket: string) => `ticket:${ticket}`;

export async function createTicket(app: AppContext): Promise<string> {
  const ticket = randomBytes(16).toString('hex');
  await app.shared.kv.set(key(ticket), JSON.stringify({ status: 0 } satisfies TicketState), TICKET_TTL_MS);
  return ticket;
}

export async function ticketStatus(
  app: AppContext,
  ticket: string,
): Promise<{ status: TicketStatus; value?: string; theme?: string }> {
  const raw = await app.shared.kv.get(key(ticket));
  if (!raw) return { status: -1 };
  const state = JSON.parse(raw) as TicketState;
  if (state.status !== 2) return { status: state.status };
  // the token is handed over exactly once
  const taken = await app.shared.kv.take(key(ticket));
  if (!taken) return { status: -1 };
  const final = JSON.parse(taken) as TicketState;
  return { status: 2, value: final.token ?? '', theme: final.theme ?? 'classic' };
}

export async function setTicketStatus(
  app: AppContext,
  req: FastifyRequest,
  principal: Principal,
  ticket: string,
  status: 1 | 2 | 3,
): Promise<void> {
  const raw = await app.shared.kv.get(key(ticket));
  if (!raw) throw refuse('ticketInvalid');
  const state = JSON.parse(raw) as TicketState;
  if (state.status === 2 || state.status === 3 || (status === 2 && state.status !== 1 && state.status !== 0))
    throw refuse('ticketInvalid');
  const next: TicketState = { status };
  if (status === 2) {
    const profile = await app.directory.get(principal.userId);
    const { token } = await app.sessions.create({
      userId: principal.userId,
      origin: 'pc',
      ip: req.ip,
      userAgent: userAgentOf(req),
    });
    next.token = token;
    next.theme = themeOf(profile?.user.theme);
  }
  await app.shared.kv.set(key(ticket), JSON.stringify(next), TICKET_TTL_MS);
}
