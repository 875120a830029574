// The handwritten signature: a picture drawn on a pad (or one of the user's saved signatures or seals), stored
// through the upload; the value is the picture's address, checked as the server checks it (core's sign logic).
import { checkSignValue } from '@jnpf/core';
import { SignDetail, SignMock, SignWidget, signCell } from '../signWidget';
import type { WidgetEntry } from '../types';

export const sign: WidgetEntry = {
  kind: 'input',
  Component: SignWidget,
  Detail: SignDetail,
  listCell: signCell,
  rules: { check: (_field, value) => checkSignValue(value) },
  design: {
    group: 'advancedGroup',
    shared: { disabled: true, clearable: 'byDefault' },
    Mock: SignMock,
    create: () => ({ props: { clearable: true }, config: { defaultValue: '' } }),
  },
};
