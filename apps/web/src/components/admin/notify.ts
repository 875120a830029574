// The server's answer shown to the user the way every administration screen does it.
import type { ApiResult } from '@jnpf/core';
import { feedback } from '../../platform/feedback';
import { failureMessage, wasNotified } from '../../platform/request';
import { SAVE_TOAST_SECONDS } from './constants';

/** shows the server's message of a successful call for 1.5 s */
export function showServerSuccess(result: Pick<ApiResult, 'msg'>): void {
  if (result.msg) feedback.success(result.msg, SAVE_TOAST_SECONDS);
}

/** shows a failure unless the request layer already has (it toasts every refused call itself) */
export function showFailure(error: unknown): void {
  if (!wasNotified(error)) feedback.error(failureMessage(error), SAVE_TOAST_SECONDS);
}

/** resolves after ms; used to let the success message show before a dialog closes */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
