// The property panels of the relation form (the released form it names, the field shown as its text, the
// chooser's columns) and of the relation-form attribute (the relation form it follows, the field it shows).
import { attributeScope, type FieldConfig } from '@jnpf/core';
import { Select, TreeSelect } from 'antd';
import { widgetOf } from '../registry';
import type { WidgetPanelProps } from '../types';
import { useFormFields, useReleasedForms, type SelectorNode } from './relationData';
import { relationTexts } from './texts';
import { PanelItem } from '../panel/PanelItem';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** the released forms under their categories, for a tree select: only a form can be chosen */
export const releasedFormsTree = (nodes: readonly SelectorNode[]): object[] =>
  nodes.map((node) => ({
    value: node.id,
    title: node.fullName,
    selectable: !node.children,
    ...(node.children ? { children: releasedFormsTree(node.children) } : {}),
  }));

interface ColumnOption {
  value: string;
  label: string;
}

export function RelationFormPanel({ field, onChange }: WidgetPanelProps) {
  const t = relationTexts.useText();
  const forms = useReleasedForms();
  const modelId = text(field.modelId);
  const fields = useFormFields(modelId);
  const choices = (fields.data ?? []).map((f) => ({ value: f.vmodel, label: f.label || f.vmodel }));
  const columns = Array.isArray(field.columnOptions) ? (field.columnOptions as ColumnOption[]) : [];
  return (
    <>
      <PanelItem label={t('relatedForm')} htmlFor="prop-relation-model">
        <TreeSelect
          id="prop-relation-model"
          aria-label={t('relatedForm')}
          value={modelId || undefined}
          placeholder={t('choose')}
          treeData={releasedFormsTree(forms.data ?? [])}
          treeDefaultExpandAll
          onChange={(next: string) =>
            onChange({ ...field, modelId: next, relationField: '', columnOptions: [] } as FieldConfig)
          }
        />
      </PanelItem>
      <PanelItem label={t('shownField')} htmlFor="prop-relation-field">
        <Select
          id="prop-relation-field"
          aria-label={t('shownField')}
          value={text(field.relationField) || undefined}
          placeholder={t('choose')}
          options={choices}
          onChange={(relationField: string) =>
            onChange({
              ...field,
              relationField,
              // with no columns the chooser would have only the key to head its column: the shown field becomes its
              // first column, with its label
              ...(columns.length
                ? {}
                : {
                    columnOptions: [
                      { value: relationField, label: choices.find((c) => c.value === relationField)?.label ?? '' },
                    ],
                  }),
            })
          }
        />
      </PanelItem>
      <PanelItem label={t('columns')} htmlFor="prop-relation-columns">
        <Select
          id="prop-relation-columns"
          aria-label={t('columns')}
          mode="multiple"
          value={columns.map((c) => c.value)}
          options={choices}
          onChange={(values: string[]) =>
            onChange({
              ...field,
              columnOptions: values.map((value) => ({
                value,
                label: choices.find((c) => c.value === value)?.label ?? value,
              })),
            })
          }
        />
      </PanelItem>
    </>
  );
}

export function RelationAttrPanel({ field, fields, onChange }: WidgetPanelProps) {
  const t = relationTexts.useText();
  // a main-form attribute shows a main-form field's pick (containers looked into), a column one its row's pick
  const relations = attributeScope(fields, field).filter(
    (f) => f.__vModel__ && widgetOf(f.__config__.jnpfKey)?.design.relatesForm === true,
  );
  const relation = relations.find((f) => f.__vModel__ === field.relationField);
  const shown = useFormFields(text(relation?.modelId));
  return (
    <>
      <PanelItem label={t('attrRelation')} htmlFor="prop-attr-relation">
        <Select
          id="prop-attr-relation"
          aria-label={t('attrRelation')}
          value={text(field.relationField) || undefined}
          placeholder={t('choose')}
          options={relations.map((f) => ({ value: f.__vModel__, label: `${f.__config__.label || f.__vModel__}` }))}
          onChange={(relationField: string) => onChange({ ...field, relationField, showField: '' })}
        />
      </PanelItem>
      <PanelItem label={t('attrShowField')} htmlFor="prop-attr-show-field">
        <Select
          id="prop-attr-show-field"
          aria-label={t('attrShowField')}
          value={text(field.showField) || undefined}
          placeholder={t('choose')}
          options={(shown.data ?? []).map((f) => ({ value: f.vmodel, label: f.label || f.vmodel }))}
          onChange={(showField: string) => onChange({ ...field, showField })}
        />
      </PanelItem>
    </>
  );
}
