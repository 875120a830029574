// The value a new record starts with for a field, from the design's default, for the widgets that read the
// default their own way (the rest take a plain default as text: defaults.ts).
import {
  checkSliderValue,
  isRangeSlider,
  mixedPickValue,
  sliderRulesOf,
  SYSTEM_USER_ID,
  type FieldConfig,
} from '@jnpf/core';
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

/** a range slider starts with its default pair when that is one it could hold; a slider without range, a number */
export const sliderStart: StartValue = (field, given) => {
  if (!isRangeSlider(field)) return toNumber(given);
  return Array.isArray(given) && checkSliderValue(given, sliderRulesOf(field)).ok
    ? [...(given as number[])]
    : undefined;
};

/** now, cut to what the format shows, when the design asks for the current date */
export const dateStart: StartValue = (field, given, now) => {
  if (field.__config__.defaultCurrent) return toDateValue(dayjs(now), dateFormatOf(field));
  return toNumber(given);
};

export const timeStart: StartValue = (field, given, now) => {
  if (field.__config__.defaultCurrent) return toTimeValue(dayjs(now), field.format);
  return isEmptyValue(given) ? undefined : String(given);
};

const isPathOf = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((id) => typeof id === 'string' && id !== '');

/**
 * A cascader's or area's default: one path of option values, or with `multiple` a list of paths (a single path
 * given to a multiple field counts as one of them). Anything else starts empty.
 */
export const pathStart: StartValue = (field, given) => {
  if (!Array.isArray(given) || given.length === 0) return undefined;
  if (field.multiple !== true) return isPathOf(given) ? [...given] : undefined;
  const paths = isPathOf(given) ? [given] : given.filter(isPathOf);
  return paths.length ? paths.map((path) => [...path]) : undefined;
};

/** numbers come from their rule; rich text and files start empty (a design's default is not trusted as either) */
export const emptyStart: StartValue = () => undefined;

/** the non-empty ids a picker's default gives, each once, as `map` reads them ('' drops one) */
function pickedStart(field: FieldConfig, given: unknown, map: (entry: string) => string = (entry) => entry) {
  const entries = (Array.isArray(given) ? given : [given])
    .filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    .map(map)
    .filter((entry) => entry !== '');
  const unique = [...new Set(entries)];
  if (isMultiValued(field)) return unique.length ? unique : undefined;
  return unique[0];
}

/**
 * An organisation, department, position, role or group picker's default: the ids the design gives (a list with
 * `multiple`, one id without).
 */
export const pickerStart: StartValue = (field, given) => pickedStart(field, given);

/**
 * A user picker's default: the user ids the design gives (a list with `multiple`). The system variable "current
 * user" (SYSTEM_USER_ID) in a default stands for whoever opens the new record, so it becomes the signed-in user's
 * id: the record keeps who that was, and any user picker (with hasSys or not) may hold it. Stored as itself, the
 * variable would read "current user" to every later reader, which a default never means. The variable is otherwise
 * only an entry of the picker's system-variable tab (hasSys), and one picked there is still stored as
 * "currentUser". Nobody signed in (a public form): the variable stands for no one and is left out.
 */
export const userPickerStart: StartValue = (field, given, _now, userId) =>
  pickedStart(field, given, (id) => (id === SYSTEM_USER_ID ? userId : id));

/** the mixed picker's entry naming the current user, as a default gives it */
export const CURRENT_USER_ENTRY = mixedPickValue(SYSTEM_USER_ID, 'user');

/**
 * The mixed picker's default: the "id--kind" entries the design gives (a list with `multiple`). The current user
 * as a user entry ("currentUser--user") becomes the signed-in user's entry ("<id>--user"), as the user picker's
 * default does; the picker itself offers no system variable, so a record never keeps that entry. Nobody signed in
 * (a public form): it is left out.
 */
export const mixedPickerStart: StartValue = (field, given, _now, userId) =>
  pickedStart(field, given, (entry) =>
    entry === CURRENT_USER_ENTRY ? (userId ? mixedPickValue(userId, 'user') : '') : entry,
  );
