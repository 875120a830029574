// The popup select field (popupSelect): shows the label(s) of the held row(s) and opens its chooser (dialog or
// drawer) on click unless disabled or read-only. The value is the picked row's propsValue field, or with
// `multiple` the list of them (new picks appended, duplicates ignored). Clearing or removing a tag changes the
// value at once; the clear icon shows when clearable and enabled.
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import type { InputWidgetProps } from '../types';
import { PopupChooser } from './PopupChooser';
import { useHeldRows } from './heldRows';
import { popupConfig, rowId, usePopupParams } from './popupData';
import { popupTexts } from './texts';

/** a click on the clear icon or a tag's remove icon */
export const isRemoval = (target: EventTarget) =>
  target instanceof Element && !!target.closest('.ant-select-clear, .ant-select-selection-item-remove');

export function PopupSelect({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = popupTexts.useText();
  const config = useMemo(() => popupConfig(field), [field]);
  const params = usePopupParams(config);
  const { ids, labelled, remember } = useHeldRows(field, config, value, params);
  const [open, setOpen] = useState(false);
  const off = Boolean(disabled || field.disabled);
  const readOnly = Boolean(field.readonly);
  const emit = (next: string[]) => onChange?.(config.multiple ? next : (next[0] ?? ''));

  return (
    <>
      <div
        // as wide as the other fields: the form's line is a flex row, where a plain div shrinks to its content
        style={{ width: '100%' }}
        onClick={(event) => {
          // clearing or removing a tag changes the value; it does not open the chooser
          if (isRemoval(event.target)) return;
          if (!off && !readOnly) setOpen(true);
        }}
      >
        <Select
          id={id}
          open={false}
          mode={config.multiple ? 'multiple' : undefined}
          value={config.multiple ? ids : ids[0]}
          options={labelled}
          placeholder={field.placeholder ?? t('selectPlaceholder')}
          allowClear={field.clearable !== false && !readOnly}
          disabled={off || undefined}
          showSearch={false}
          removeIcon={readOnly ? null : undefined}
          onClear={() => emit([])}
          onDeselect={(removed: string) => emit(ids.filter((v) => v !== removed))}
          style={{ width: '100%' }}
        />
      </div>
      <PopupChooser
        open={open}
        config={config}
        params={params}
        onCancel={() => setOpen(false)}
        onConfirm={(rows) => {
          remember(rows);
          const picked = rows.map((r) => rowId(r, config));
          emit(config.multiple ? [...new Set([...ids, ...picked])] : picked.slice(0, 1));
          setOpen(false);
        }}
      />
    </>
  );
}
