// A picker's choices (可选范围): all of the directory, or custom — only the permitted entries, stored as the runtime
// and the server read them (pickerAbleIds): selectType "custom" with ableIds. A user or mixed picker's entries are
// chosen with the mixed picker (users, companies and departments, roles, positions, groups; "id--kind" entries);
// an organisation, department, position, role or group picker's with its own directory's picker dialog (ids of it,
// listedAbleIds). The chosen entries show by name. A change of mode empties the list.
import { isListedPickerKey, pickerScopeEmpty, type FieldConfig } from '@jnpf/core';
import { Radio } from 'antd';
import { useMemo } from 'react';
import { TreePicker } from '../../../../components/pickers/TreePicker';
import { MixedPicker } from '../../../../widgets/mixedPicker';
import { designerTexts } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

const ENTRIES_ID = 'prop-able-ids';

const entriesOf = (field: FieldConfig): string[] =>
  Array.isArray(field.ableIds) ? field.ableIds.filter((v): v is string => typeof v === 'string' && v !== '') : [];

export function PickerScopeEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const custom = field.selectType === 'custom';
  const entries = entriesOf(field);
  // the chooser is a mixed picker of many entries over the whole directory
  const chooser = useMemo<FieldConfig>(
    () => ({
      __config__: { jnpfKey: 'usersSelect', label: t('pickerScopeEntries'), formId: 0 },
      __vModel__: '',
      multiple: true,
      clearable: true,
      selectType: 'all',
    }),
    [t],
  );
  const empty = custom && pickerScopeEmpty(field);
  const key = field.__config__.jnpfKey;
  const chosen = (value: unknown) =>
    onChange({
      ...field,
      ableIds: Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [],
    });
  return (
    <>
      <PanelItem label={t('pickerScope')}>
        <Radio.Group
          aria-label={t('pickerScope')}
          optionType="button"
          value={custom ? 'custom' : 'all'}
          onChange={(e) => onChange({ ...field, selectType: e.target.value as 'all' | 'custom', ableIds: [] })}
          options={[
            { value: 'all', label: t('pickerScopeAll') },
            { value: 'custom', label: t('pickerScopeCustom') },
          ]}
        />
      </PanelItem>
      {custom && (
        <PanelItem
          label={t('pickerScopeEntries')}
          htmlFor={ENTRIES_ID}
          help={empty ? t('problem_ableIdsRequired', { label: field.__config__.label }) : undefined}
          validateStatus={empty ? 'error' : undefined}
        >
          {isListedPickerKey(key) ? (
            <TreePicker allTags id={ENTRIES_ID} source={key} multiple value={entries} onChange={chosen} />
          ) : (
            <MixedPicker allTags field={chooser} id={ENTRIES_ID} value={entries} onChange={chosen} />
          )}
        </PanelItem>
      )}
    </>
  );
}
