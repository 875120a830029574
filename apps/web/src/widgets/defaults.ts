// The values a new record starts with: each input field's default in its value form, read by its widget's
// registry entry (startValue), else a plain default taken as text. System fields are the server's.
import { dataFields, isSystemKey, type FieldConfig } from '@jnpf/core';
import { useSession } from '../platform/session';
import { widgetOf } from './registry';
import { isEmptyValue, type RecordValues } from './values';

/** the signed-in user opening a new record ('' when nobody is) */
const signedInUser = (): string => useSession.getState().userInfo?.userId ?? '';

/**
 * The value a new record starts with for one field, in its value form; undefined when it starts empty. `userId`
 * is who opens the record (the signed-in user unless given).
 */
export function defaultValueOf(field: FieldConfig, now: number = Date.now(), userId: string = signedInUser()): unknown {
  const given = field.__config__.defaultValue;
  const startValue = widgetOf(field.__config__.jnpfKey)?.startValue;
  if (startValue) return startValue(field, given, now, userId);
  return isEmptyValue(given) || typeof given === 'object' ? undefined : String(given);
}

/** The starting values of a new record: each input field's default (system fields are the server's). */
export function defaultValuesOf(
  fields: readonly FieldConfig[],
  now: number = Date.now(),
  userId: string = signedInUser(),
): RecordValues {
  const values: RecordValues = {};
  for (const field of dataFields(fields)) {
    if (isSystemKey(field.__config__.jnpfKey)) continue;
    const value = defaultValueOf(field, now, userId);
    if (value !== undefined) values[field.__vModel__] = value;
  }
  return values;
}
