// 组件示例: every widget of the designer's palette in a card with its label and jnpfKey, three ways side by
// side — the form field (with a sample default where the widget's default editor takes one), its read-only
// detail and its list cell. A switcher picks the state every card shows: empty, filled, disabled, read-only or
// invalid (the field's rule refused, its message shown). One state at a time: the page already draws about fifty
// widgets three ways, and five copies of it would make it five times as slow to open and to switch. The detail and the list cell show the value the form holds as a record's would read
// (option labels, formatted dates, amounts; the server's rules, from core), so editing the field changes both. Everything comes from the registry (the palette's groups, each entry's design, form, detail
// and list cell); nothing here knows a particular widget. Widgets that read server data show the state they
// show when nothing is configured.
import type { FieldConfig, FormDataJson, OnlineFieldKey } from '@jnpf/core';
import { Form, Segmented, Tag } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormRenderer, paletteGroups, staticOptionsOf, widgetOf, type RecordValues } from '../../../widgets';
import { designShownValue } from '../../../widgets/designShown';
import { widgetTexts } from '../../../widgets/texts';
import { displayText, isEmptyValue } from '../../../widgets/values';
import { createField } from '../webDesign/designer/model';
import { newFieldTexts } from '../webDesign/designer/newFieldTexts';
import { designerTexts, type DesignerText } from '../webDesign/designer/texts';
import styles from './gallery.module.css';
import { galleryTexts } from './texts';

type GalleryText = ReturnType<typeof galleryTexts.useText>;

/**
 * The sample default of a new field, by the kind of default its design edits: a text for a field whose text
 * the patterns check, 1 for a number, on for a switch, the first option for a choice, now for a date or a time.
 * Any other field keeps the default its design gives it (none for those that read server data).
 */
export function withSample(field: FieldConfig, sampleText: string): FieldConfig {
  const design = widgetOf(field.__config__.jnpfKey)?.design;
  const first = staticOptionsOf(field)[0]?.value;
  const config = field.__config__;
  switch (design?.defaultEditor) {
    case 'text':
      return design.patterns ? { ...field, __config__: { ...config, defaultValue: sampleText } } : field;
    case 'number':
    case 'numberOrZero':
      return { ...field, __config__: { ...config, defaultValue: 1 } };
    case 'switch':
      return { ...field, __config__: { ...config, defaultValue: true } };
    case 'choice':
      return first === undefined ? field : { ...field, __config__: { ...config, defaultValue: first } };
    case 'choices':
      return first === undefined ? field : { ...field, __config__: { ...config, defaultValue: [first] } };
    case 'date':
    case 'time':
      return { ...field, __config__: { ...config, defaultCurrent: true } };
    default:
      return field;
  }
}

/** the states a card can show, in the switcher's order */
export const GALLERY_STATES = ['empty', 'filled', 'disabled', 'readonly', 'invalid'] as const;
export type GalleryState = (typeof GALLERY_STATES)[number];

/** a pattern no sample text passes (digits only), so that the invalid state shows a pattern's own message */
const DIGITS_ONLY = '/^\\d+$/';

/**
 * The field a card shows in a state: empty is the new field as the designer makes it; filled has the sample
 * default; disabled and read-only are the filled field with the designer's disabled or readonly switch on; invalid
 * is the empty field made required (the form is checked as soon as it shows), except a field whose text the
 * patterns check, which holds the sample text and a digits-only pattern, so that the pattern's message shows.
 */
export function fieldInState(field: FieldConfig, state: GalleryState, t: GalleryText): FieldConfig {
  const sampled = withSample(field, t('sampleText'));
  switch (state) {
    case 'empty':
      return field;
    case 'filled':
      return sampled;
    case 'disabled':
      return { ...sampled, disabled: true };
    case 'readonly':
      return { ...sampled, readonly: true };
    case 'invalid': {
      if (widgetOf(field.__config__.jnpfKey)?.design?.patterns)
        return {
          ...sampled,
          __config__: {
            ...sampled.__config__,
            regList: [{ pattern: DIGITS_ONLY, message: t('digitsOnly', { label: field.__config__.label ?? '' }) }],
          },
        };
      return { ...field, __config__: { ...field.__config__, required: true } };
    }
  }
}

/** every palette key with its group, in the palette's order */
export const galleryKeys: readonly OnlineFieldKey[] = paletteGroups.flatMap(({ keys }) => keys);

/**
 * the card's one-field form; the card's header carries the label, so the field shows none, and one field needs
 * no gutter (the grid's 23 gutters would make it wider than a narrow column)
 */
const formOf = (field: FieldConfig): FormDataJson => ({
  labelPosition: 'top',
  labelWidth: 100,
  gutter: 0,
  fields: [{ ...field, __config__: { ...field.__config__, showLabel: false } }],
});

function View({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.view} aria-label={title}>
      <h4 className={styles.viewTitle}>{title}</h4>
      {children}
    </section>
  );
}

function WidgetCard({
  jnpfKey,
  index,
  state,
  t,
  dt,
}: {
  jnpfKey: OnlineFieldKey;
  index: number;
  /** fixed for the card's life: the page gives each state its own cards (a new form, new defaults) */
  state: GalleryState;
  t: GalleryText;
  dt: DesignerText;
}) {
  const wt = widgetTexts.useText();
  const [field] = useState(() =>
    fieldInState(createField(jnpfKey, index + 1, newFieldTexts(dt, jnpfKey), index + 1), state, t),
  );
  const entry = widgetOf(jnpfKey);
  const [form] = Form.useForm<RecordValues>();
  const [detailForm] = Form.useForm<RecordValues>();
  const vModel = field.__vModel__;
  // a sub-table is never a list column (its rows show in the form and the detail), as in a released list
  const listed = entry?.kind === 'input' || entry?.kind === 'system';
  // the value the form holds, shown by the detail and the list cell
  const value: unknown = Form.useWatch((values: RecordValues) => (vModel ? values[vModel] : undefined), form);
  const formData = useMemo(() => formOf(field), [field]);
  const shown = useMemo(
    () => designShownValue(field, value, { on: wt('switchOn'), off: wt('switchOff') }),
    [field, value, wt],
  );
  const record = useMemo<RecordValues>(() => (vModel ? { [vModel]: value } : {}), [vModel, value]);
  const display = useMemo<RecordValues>(() => (vModel ? { [vModel]: shown } : {}), [vModel, shown]);
  const listCell = entry?.listCell ?? displayText;
  // the invalid state runs the form's check at once, as a submit would, so that the rule's message shows
  useEffect(() => {
    if (state === 'invalid') form.validateFields().catch(() => undefined);
  }, [state, form]);
  const label = field.__config__.label ?? jnpfKey;
  return (
    <article className={styles.card} aria-label={label} data-jnpf-key={jnpfKey} data-state={state}>
      <header className={styles.cardHeader}>
        <span className={styles.cardTitle}>{label}</span>
        <Tag className={styles.key}>{jnpfKey}</Tag>
      </header>
      <div className={styles.views}>
        <View title={t('formView')}>
          <FormRenderer formData={formData} form={form} name={`gallery_${jnpfKey}`} />
        </View>
        <View title={t('detailView')}>
          <FormRenderer
            formData={formData}
            form={detailForm}
            mode="detail"
            record={record}
            display={display}
            name={`galleryDetail_${jnpfKey}`}
          />
        </View>
        <View title={t('listView')}>
          <table className={styles.listTable}>
            <thead>
              <tr>
                <th scope="col">{label}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  {!listed ? (
                    <span className={styles.muted}>{t('notInList')}</span>
                  ) : isEmptyValue(value) ? (
                    <span className={styles.muted}>{t('empty')}</span>
                  ) : (
                    listCell(shown)
                  )}
                </td>
              </tr>
            </tbody>
          </table>
        </View>
      </div>
    </article>
  );
}

export default function WidgetGalleryPage() {
  const t = galleryTexts.useText();
  const dt = designerTexts.useText();
  const [state, setState] = useState<GalleryState>('filled');
  return (
    <div className={styles.page}>
      <h3 className={styles.title}>{t('title')}</h3>
      <p className={styles.intro}>{t('intro')}</p>
      <div className={styles.states}>
        <span id="gallery-state-label">{t('stateLabel')}</span>
        <Segmented<GalleryState>
          aria-labelledby="gallery-state-label"
          value={state}
          onChange={setState}
          options={GALLERY_STATES.map((value) => ({ value, label: t(`state_${value}`) }))}
        />
        <span className={styles.stateNote}>{t(`stateNote_${state}`)}</span>
      </div>
      {paletteGroups.map(({ group, keys }) => (
        <section key={group} className={styles.group} aria-label={dt(group)}>
          <h4 className={styles.groupTitle}>{dt(group)}</h4>
          <div className={styles.cards}>
            {keys.map((key) => (
              <WidgetCard
                key={`${state}:${key}`}
                jnpfKey={key}
                index={galleryKeys.indexOf(key)}
                state={state}
                t={t}
                dt={dt}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
