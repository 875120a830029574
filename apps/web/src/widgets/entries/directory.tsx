// The directory pickers (organisation, department, position, user, role, group), the mixed picker and the area
// picker. All but the area picker may be limited to permitted entries (custom mode, their pickerScope panel); the
// user picker may offer the system variable "current user" (hasSys). A new record starts with the ids (the mixed
// picker's entries) its default gives; the user and mixed pickers' default may name the current user, who starts
// as the signed-in user.
import { AREA_LEVEL_DEFAULT } from '@jnpf/core';
import { AreaSelectWidget } from '../areaWidget';
import { MixedPickerWidget } from '../mixedPicker';
import { DirectoryPickerWidget } from '../pickerWidgets';
import { AreaSearch, DirectorySearch, MixedPickerSearch } from '../searchWidgets';
import { PickerMock } from './mocks';
import { mixedPickerStart, pathStart, pickerStart, userPickerStart } from './startValues';
import type { WidgetEntry } from '../types';

/**
 * one picker entry serves the six directories: the key says which directory it picks from. Each may be limited to
 * permitted entries: the user picker to users and the members of departments, roles, positions and groups
 * ("id--kind" entries of ableIds), the others to ids of their own directory.
 */
export const directoryPicker: WidgetEntry = {
  kind: 'input',
  Component: DirectoryPickerWidget,
  Search: DirectorySearch,
  searchesMultiple: true,
  startValue: pickerStart,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: PickerMock,
    placeholder: true,
    // the field's own picker (the user picker's with a "current user" choice)
    defaultEditor: 'picker',
    props: [{ kind: 'multiple' }, { kind: 'panel', panel: 'pickerScope' }],
    create: (texts) => ({
      props: { placeholder: texts.choose, multiple: false, clearable: true, selectType: 'all', ableIds: [] },
      config: { defaultValue: '' },
    }),
  },
};

/** the organisation picker: a directory picker that may offer only the caller's permitted organisations (auth) or
 * only companies (isOnlyOrg) */
export const organizePicker: WidgetEntry = {
  ...directoryPicker,
  design: {
    ...directoryPicker.design!,
    props: [
      { kind: 'multiple' },
      { kind: 'flag', prop: 'auth', id: 'prop-organize-auth', label: 'organizeAuth' },
      { kind: 'flag', prop: 'isOnlyOrg', id: 'prop-is-only-org', label: 'isOnlyOrg' },
      { kind: 'panel', panel: 'pickerScope' },
    ],
    create: (texts) => ({
      props: {
        placeholder: texts.choose,
        multiple: false,
        clearable: true,
        selectType: 'all',
        ableIds: [],
        auth: false,
        isOnlyOrg: false,
      },
      config: { defaultValue: '' },
    }),
  },
};

/** the user picker: a directory picker that may also offer the system variable "current user" (hasSys) */
export const userPicker: WidgetEntry = {
  ...directoryPicker,
  // a default naming the system variable starts as the signed-in user (userPickerStart)
  startValue: userPickerStart,
  design: {
    ...directoryPicker.design!,
    props: [
      { kind: 'multiple' },
      // the system variable "current user" in the picker's tabs (whole-directory mode only)
      { kind: 'flag', prop: 'hasSys', id: 'prop-has-sys', label: 'hasSys' },
      { kind: 'panel', panel: 'pickerScope' },
    ],
    create: (texts) => ({
      props: {
        placeholder: texts.choose,
        multiple: false,
        clearable: true,
        selectType: 'all',
        ableIds: [],
        hasSys: false,
      },
      config: { defaultValue: '' },
    }),
  },
};

export const areaSelect: WidgetEntry = {
  kind: 'input',
  Component: AreaSelectWidget,
  Search: AreaSearch,
  searchesMultiple: true,
  rules: { requiredAs: 'array' },
  startValue: pathStart,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: PickerMock,
    defaultEditor: 'path',
    props: [
      { kind: 'multiple', listDefault: true },
      { kind: 'panel', panel: 'areaLevel' },
    ],
    create: (texts) => ({
      props: { placeholder: texts.choose, multiple: false, clearable: true, level: AREA_LEVEL_DEFAULT },
      config: { defaultValue: [] },
    }),
  },
};

/** users, roles, positions, groups and departments in one field ("id--kind" entries) */
export const usersSelect: WidgetEntry = {
  kind: 'input',
  Component: MixedPickerWidget,
  Search: MixedPickerSearch,
  searchesMultiple: true,
  // a default naming the current user starts as the signed-in user's entry (mixedPickerStart)
  startValue: mixedPickerStart,
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: PickerMock,
    placeholder: true,
    // the mixed picker, with a "current user" choice
    defaultEditor: 'picker',
    props: [{ kind: 'multiple' }, { kind: 'panel', panel: 'pickerScope' }],
    create: (texts) => ({
      props: { placeholder: texts.choose, multiple: false, clearable: true, selectType: 'all', ableIds: [] },
      config: { defaultValue: '' },
    }),
  },
};
