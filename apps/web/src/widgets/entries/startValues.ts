// The value a new record starts with for a field, from the design's default, for the widgets that read the
// default their own way (the rest take a plain default as text: defaults.ts).
import { SYSTEM_USER_ID, type FieldConfig } from '@jnpf/core';
import dayjs from 'dayjs';
import type { StartValue } from '../types';
import { dateFormatOf, isEmptyValue, isMultiValued, switchValues, toDateValue, toTimeValue } from '../values';

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** the active value when the default says on (true or the active value), else the inactive one */
export const switchStart: StartValue = (field, given) => {
  const { active, inactive } = switchValues(field);
  if (given === true || (given !== undefined && given !== null && String(given) === String(active))) return active;
  return inactive;
};

/** an option value, or with `multiple` (checkbox always) a list of them */
export const choiceStart: StartValue = (field: FieldConfig, given) => {
  if (!isMultiValued(field)) return isEmptyValue(given) ? undefined : String(given);
  if (Array.isArray(given)) return given.map(String);
  return isEmptyValue(given) ? undefined : [String(given)];
};

export const numberStart: StartValue = (_field, given) => toNumber(given);

/** now, cut to what the format shows, when the design asks for the current date */
export const dateStart: StartValue = (field, given, now) => {
  if (field.__config__.defaultCurrent) return toDateValue(dayjs(now), dateFormatOf(field));
  return toNumber(given);
};

export const timeStart: StartValue = (field, given, now) => {
  if (field.__config__.defaultCurrent) return toTimeValue(dayjs(now));
  return isEmptyValue(given) ? undefined : String(given);
};

/** numbers come from their rule; rich text and files start empty (a design's default is not trusted as either) */
export const emptyStart: StartValue = () => undefined;

/**
 * A user picker's default: the user ids the design gives (a list with `multiple`). The system variable "current
 * user" (SYSTEM_USER_ID) in a default stands for whoever opens the new record, so it becomes the signed-in user's
 * id: the record keeps who that was, and any user picker (with hasSys or not) may hold it. Stored as itself, the
 * variable would read "current user" to every later reader, which a default never means. The variable is otherwise
 * only an entry of the picker's system-variable tab (hasSys), and one picked there is still stored as
 * "currentUser". Nobody signed in (a public form): the variable stands for no one and is left out.
 */
export const userPickerStart: StartValue = (field, given, _now, userId) => {
  const ids = (Array.isArray(given) ? given : [given])
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map((id) => (id === SYSTEM_USER_ID ? userId : id))
    .filter((id) => id !== '');
  const unique = [...new Set(ids)];
  if (isMultiValued(field)) return unique.length ? unique : undefined;
  return unique[0];
};
