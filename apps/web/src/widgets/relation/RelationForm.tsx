// The relation form field (relationForm, 关联表单): the record of another released form (modelId) picked in the
// popup chooser (its records through FieldDataSelect: columns, paging, keyword search), stored by its id and shown
// by its relationField. Disabled or read-only, a held record shows as a link that opens its read-only detail; the
// record's text comes from the pick, else from the display texts of the record the form shows.
// In a form link's public form (a PopupSource given: the visitor is not signed in) the held record is plain text:
// its detail is the other form's whole record, while the link grants a visitor only the relation list's shared
// columns (ShortLink/{modelId}/Relation/List), so no public route opens it and no link that needs a session shows.
import { Button, Select } from 'antd';
import { lazy, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { PopupChooser } from '../popup/PopupChooser';
import { isRemoval } from '../popup/PopupSelect';
import { publishPickedRows, useFormKey } from '../popup/pickedRows';
import { idsOf, PopupSourceContext, rowId, type InterfaceRow } from '../popup/popupData';
import { useShownValues } from '../shownValues';
import type { InputWidgetProps } from '../types';
import { displayText } from '../values';
import { useFollowedFields } from './followedFields';
import { relationConfig } from './relationData';
import { relationTexts } from './texts';

// loaded when opened: the detail renders a whole form (the form renderer, which renders this widget)
const RelatedRecordDetail = lazy(() => import('./RelatedRecordDetail'));

const NO_PARAMS = {};

/** the record's text: the picked row's relationField, else the record's display text the server gave */
function useHeldLabel(vModel: string, held: string, picked: InterfaceRow | null, relationField: string) {
  const shown = useShownValues();
  if (!held) return '';
  if (picked && displayText(picked.id) === held) return displayText(picked[relationField]) || held;
  if (displayText(shown[`${vModel}_id`]) === held) return displayText(shown[vModel]) || held;
  return held;
}

/** a held record as a link opening its read-only detail */
export function RelatedRecordLink({
  id,
  modelId,
  recordId,
  label,
}: {
  id?: string;
  modelId: string;
  recordId: string;
  label: string;
}) {
  const [viewing, setViewing] = useState(false);
  // a visitor of a form link: the text only (see the head of this file)
  const visitor = useContext(PopupSourceContext) !== null;
  if (visitor)
    return (
      <span id={id} data-testid="related-record-text">
        {label}
      </span>
    );
  return (
    <>
      <Button id={id} type="link" style={{ padding: 0 }} onClick={() => setViewing(true)} disabled={!modelId}>
        {label}
      </Button>
      {viewing && (
        <Suspense fallback={null}>
          <RelatedRecordDetail modelId={modelId} recordId={recordId} onClose={() => setViewing(false)} />
        </Suspense>
      )}
    </>
  );
}

export function RelationForm({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = relationTexts.useText();
  const vModel = field.__vModel__;
  const form = useFormKey();
  const followed = useFollowedFields(form, vModel);
  const config = useMemo(() => ({ ...relationConfig(field), extraFields: followed }), [field, followed]);
  const held = idsOf(value)[0] ?? '';
  const [picked, setPicked] = useState<InterfaceRow | null>(null);
  const label = useHeldLabel(vModel, held, picked, config.relationField);
  const [open, setOpen] = useState(false);
  const off = Boolean(disabled || field.disabled);
  const readOnly = Boolean(field.readonly);
  // the picked record's row, for the relation-form attributes following this field
  const heldRow = picked && rowId(picked, config) === held ? picked : null;
  useEffect(() => publishPickedRows(form, vModel, heldRow ? [heldRow] : []), [form, vModel, heldRow]);

  if ((off || readOnly) && held)
    return <RelatedRecordLink id={id} modelId={config.formId} recordId={held} label={label} />;
  return (
    <>
      <div
        // as wide as the other fields: the form's line is a flex row, where a plain div shrinks to its content
        style={{ width: '100%' }}
        onClick={(event) => {
          if (isRemoval(event.target)) return;
          if (!off && !readOnly) setOpen(true);
        }}
      >
        <Select
          id={id}
          open={false}
          value={held || undefined}
          options={held ? [{ value: held, label }] : []}
          placeholder={field.placeholder ?? t('selectPlaceholder')}
          allowClear={field.clearable !== false && !readOnly}
          disabled={off || undefined}
          showSearch={false}
          onClear={() => onChange?.('')}
          style={{ width: '100%' }}
        />
      </div>
      <PopupChooser
        open={open}
        config={config}
        params={NO_PARAMS}
        onCancel={() => setOpen(false)}
        onConfirm={(rows) => {
          const row = rows[0];
          if (row) {
            setPicked(row);
            onChange?.(rowId(row, config));
          }
          setOpen(false);
        }}
      />
    </>
  );
}

/** the read-only detail: the record's text, a link to its detail when the server gave its id */
export function RelationFormDetail({ field, display }: { field: InputWidgetProps['field']; display: unknown }) {
  const shown = useShownValues();
  const recordId = displayText(shown[`${field.__vModel__}_id`]);
  const label = displayText(display);
  if (!recordId) return <span>{label}</span>;
  return <RelatedRecordLink modelId={relationConfig(field).formId} recordId={recordId} label={label || recordId} />;
}
