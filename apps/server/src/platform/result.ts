// What a handler returns: data plus an optional message key; the route layer wraps it in the envelope.
import type { PageResult, Pagination } from '@jnpf/core';
import type { MessageKey } from './i18n.js';

export class Result<T = unknown> {
  constructor(
    readonly data: T,
    readonly msgKey: MessageKey = 'success',
  ) {}
}

export const ok = <T>(data?: T, msgKey?: MessageKey) => new Result(data, msgKey);

export function page<T>(list: T[], pagination: Pagination): Result<PageResult<T>> {
  return new Result({ list, pagination });
}
