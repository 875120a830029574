// Errors a handler throws; the error handler turns them into the envelope with the right code.
import { ResultCode } from '@jnpf/core';
import type { MessageKey } from './i18n.js';

export type MessageParams = Record<string, string | number>;

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    /** for code 401: the input field the message is about */
    readonly field?: string,
  ) {
    super(key);
  }
}

/** a rule refused the request (code 400) */
export const refuse = (key: MessageKey, params?: MessageParams) => new AppError(ResultCode.Fail, key, params);

/** input failed a check that schemas cannot express (code 401, reported against the field) */
export const invalidField = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError(ResultCode.ValidateError, key, params, field);

/** a refused cell of a list field (a sub-table's row from 0, and its column's key when a cell is refused) */
export interface RefusedCell {
  rowIndex: number;
  column?: string;
  /** why, in the caller's language: the cell's own message, without the row's */
  message: string;
}

/**
 * schema validation failed: messages already in the caller's language, by field path; `cells`: for a list
 * field refused because of a row, where (answered as data.cells beside data.errors)
 */
export class ValidationError extends Error {
  constructor(
    readonly errors: Record<string, string>,
    readonly cells?: Record<string, RefusedCell[]>,
  ) {
    super('validation');
  }
}
