// The server refuses invalid input with code 401 and data.errors = {field: message}; these go on the fields.
import type { FormInstance } from 'antd';
import { RequestError } from '../../platform/request';

/** the per-field messages of a validation refusal, or null */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof RequestError) || error.code !== 401) return null;
  const errors = (error.body?.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  return errors as Record<string, string>;
}

/** puts each message of a validation refusal on its field; answers the fields it set */
export function applyServerErrors<V>(form: FormInstance<V>, error: unknown): string[] {
  const errors = serverFieldErrors(error);
  if (!errors) return [];
  const fields = Object.entries(errors).map(([name, message]) => ({
    name: name.split('.') as never,
    errors: [String(message)],
  }));
  form.setFields(fields);
  return fields.map((f) => (f.name as string[]).join('.'));
}
