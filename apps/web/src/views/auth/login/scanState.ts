// The app-scan sign-in as a small state machine, so that its rules are tested without timers or a page.
import type { TicketStatus } from '../../../platform/api/oauth';

export type ScanPhase =
  | { kind: 'loading' }
  | { kind: 'waiting'; ticket: string }
  | { kind: 'scanned'; ticket: string }
  | { kind: 'signingIn' }
  | { kind: 'expired' }
  | { kind: 'cancelled' };

export type ScanStep =
  /** Keep polling. */
  | { next: ScanPhase; token?: undefined }
  /** Confirmed on the phone: sign in with this token. */
  | { next: ScanPhase; token: string; theme: string | undefined };

/** What a status answer means for a ticket that is waiting or scanned. */
export function stepOf(ticket: string, answer: TicketStatus | undefined): ScanStep {
  switch (answer?.status) {
    case 0:
      return { next: { kind: 'waiting', ticket } };
    case 1:
      return { next: { kind: 'scanned', ticket } };
    case 2:
      return answer.value
        ? { next: { kind: 'signingIn' }, token: answer.value, theme: answer.theme }
        : { next: { kind: 'expired' } };
    case 3:
      return { next: { kind: 'cancelled' } };
    default:
      return { next: { kind: 'expired' } };
  }
}

export function isPolling(phase: ScanPhase): phase is Extract<ScanPhase, { ticket: string }> {
  return phase.kind === 'waiting' || phase.kind === 'scanned';
}
