// What several widget entries share: the static options a new choice field starts with, the configuration of
// a new layout item, and the property-panel declarations of number and text widgets.
import type { NewFieldTexts, PropSpec } from '../types';

/** two options 选项一 and 选项二, from the static list */
export function staticOptions(texts: NewFieldTexts) {
  return {
    options: [
      { fullName: texts.option(1), id: '1' },
      { fullName: texts.option(2), id: '2' },
    ],
    props: { label: 'fullName', value: 'id' },
  };
}

/** a choice field's options come from its static list until a dictionary is chosen */
export const STATIC_CHOICE = { dataType: 'static' as const, dictionaryType: '' };

/** layout items have no label, rules or trigger */
export const LAYOUT_CONFIG = { showLabel: false, regList: undefined, trigger: undefined };

export const MAXLENGTH_PROP: PropSpec = {
  kind: 'number',
  prop: 'maxlength',
  id: 'prop-maxlength',
  label: 'maxlength',
  min: 1,
  precision: 0,
};

/** a text box's counter of the characters typed against its maxlength */
export const WORD_LIMIT_PROP: PropSpec = {
  kind: 'flag',
  prop: 'showWordLimit',
  id: 'prop-showWordLimit',
  label: 'showWordLimit',
};

/** the texts shown before and after a text box (prefix and suffix) */
export const ADDON_PROPS: readonly PropSpec[] = [
  { kind: 'text', prop: 'addonBefore', id: 'prop-addonBefore', label: 'addonBefore' },
  { kind: 'text', prop: 'addonAfter', id: 'prop-addonAfter', label: 'addonAfter' },
];

/** min, max and step of a number or a slider */
export const RANGE_PROPS: readonly PropSpec[] = [
  { kind: 'number', prop: 'min', id: 'prop-min', label: 'min' },
  { kind: 'number', prop: 'max', id: 'prop-max', label: 'max' },
  { kind: 'number', prop: 'step', id: 'prop-step', label: 'step', min: 0 },
];
