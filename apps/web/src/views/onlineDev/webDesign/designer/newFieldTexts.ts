// The texts a new field takes from the designer's language: its label and the placeholders, option names and sample
// contents its widget starts with. Shared by the designer's palette and the widget gallery.
import type { OnlineFieldKey } from '@jnpf/core';
import type { NewFieldTexts } from './model';
import type { DesignerText } from './texts';

export function newFieldTexts(t: DesignerText, key: OnlineFieldKey): NewFieldTexts {
  return {
    label: t(`key_${key}`),
    enter: t('enter'),
    choose: t('choose'),
    auto: t('auto'),
    option: (n) => t('option', { n }),
    on: t('on'),
    off: t('off'),
    sampleText: t('sampleText'),
    sampleAlert: t('sampleAlert'),
    addRow: t('addRow'),
    uploadButton: t('uploadButton'),
  };
}
