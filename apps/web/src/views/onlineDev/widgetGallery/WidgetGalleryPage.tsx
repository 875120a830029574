// 组件示例: every widget of the designer's palette in a card with its label and jnpfKey, three ways side by
// side — the form field (with a sample default where the widget's default editor takes one), its read-only
// detail and its list cell. The detail and the list cell show the value the form holds as a record's would read
// (option labels, formatted dates, amounts; the server's rules, from core), so editing the field changes both. Everything comes from the registry (the palette's groups, each entry's design, form, detail
// and list cell); nothing here knows a particular widget. Widgets that read server data show the state they
// show when nothing is configured.
import type { FieldConfig, FormDataJson, OnlineFieldKey } from '@jnpf/core';
import { Form, Tag } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
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
  t,
  dt,
}: {
  jnpfKey: OnlineFieldKey;
  index: number;
  t: GalleryText;
  dt: DesignerText;
}) {
  const wt = widgetTexts.useText();
  const [field] = useState(() =>
    withSample(createField(jnpfKey, index + 1, newFieldTexts(dt, jnpfKey), index + 1), t('sampleText')),
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
  const label = field.__config__.label ?? jnpfKey;
  return (
    <article className={styles.card} aria-label={label} data-jnpf-key={jnpfKey}>
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
  return (
    <div className={styles.page}>
      <h3 className={styles.title}>{t('title')}</h3>
      <p className={styles.intro}>{t('intro')}</p>
      {paletteGroups.map(({ group, keys }) => (
        <section key={group} className={styles.group} aria-label={dt(group)}>
          <h4 className={styles.groupTitle}>{dt(group)}</h4>
          <div className={styles.cards}>
            {keys.map((key) => (
              <WidgetCard key={key} jnpfKey={key} index={galleryKeys.indexOf(key)} t={t} dt={dt} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
