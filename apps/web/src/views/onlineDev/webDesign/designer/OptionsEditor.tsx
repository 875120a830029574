// The options of a select, radio or checkbox field: static rows (name and value, add, remove, reorder),
// a dictionary whose enabled items are the options (chosen in the dictionary selector, which can open the
// dictionary screen to add one), or a data interface's rows (InterfaceOptionsEditor). Default values that are no longer an option are dropped.
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { isTreeOptionKey, type FieldConfig, type FieldOption } from '@jnpf/core';
import { Input, Radio } from 'antd';
import { DictionaryTypeSelect } from '../../../../components/dictionary/DictionaryTypeSelect';
import styles from './designer.module.css';
import { moveItem } from './listModel';
import { AddRowButton, RemoveRowButton, RowButton } from './rowButtons';
import { designerTexts } from './texts';
import { InterfaceOptionsEditor } from './InterfaceOptionsEditor';
import { TreeOptionsEditor } from './TreeOptionsEditor';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

/** the next free numeric option value */
export function nextOptionId(options: readonly FieldOption[]): string {
  const numbers = options.map((o) => Number(o.id)).filter((n) => Number.isInteger(n));
  return String(numbers.length ? Math.max(...numbers) + 1 : options.length + 1);
}

/** the field's default value without values that are not among `ids` */
function pruneDefault(field: FieldConfig, ids: readonly string[]): unknown {
  const value = field.__config__.defaultValue;
  if (Array.isArray(value)) return value.filter((v) => ids.includes(String(v)));
  return typeof value === 'string' && value && !ids.includes(value) ? '' : value;
}

export function OptionsEditor({
  field,
  fields = [],
  onChange,
}: {
  field: FieldConfig;
  /** every field of the form (a data interface's parameter may take another field's value) */
  fields?: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const options = field.options ?? [];
  const dictionary = config.dataType === 'dictionary';
  const dynamic = config.dataType === 'dynamic';

  const setOptions = (next: FieldOption[]) =>
    onChange({
      ...field,
      options: next,
      __config__: {
        ...config,
        defaultValue: pruneDefault(
          field,
          next.map((o) => String(o.id)),
        ),
      },
    });
  const setOption = (index: number, patch: Partial<FieldOption>) =>
    setOptions(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  return (
    <>
      <PanelItem label={t('dataSource')}>
        <Radio.Group
          aria-label={t('dataSource')}
          value={dynamic ? 'dynamic' : dictionary ? 'dictionary' : 'static'}
          onChange={(event) =>
            onChange({
              ...field,
              __config__: {
                ...config,
                dataType: event.target.value as 'static' | 'dictionary' | 'dynamic',
                defaultValue: Array.isArray(config.defaultValue) ? [] : '',
              },
            })
          }
          options={[
            { value: 'static', label: t('staticData') },
            { value: 'dictionary', label: t('dictionaryData') },
            { value: 'dynamic', label: t('dynamicData') },
          ]}
          optionType="button"
          buttonStyle="solid"
        />
      </PanelItem>
      {dynamic ? (
        <InterfaceOptionsEditor field={field} fields={fields} onChange={onChange} />
      ) : dictionary ? (
        <PanelItem label={t('dictionaryType')} htmlFor="prop-dictionaryType">
          <DictionaryTypeSelect
            id="prop-dictionaryType"
            value={config.dictionaryType || undefined}
            placeholder={t('choose')}
            onChange={(value) =>
              onChange({
                ...field,
                __config__: {
                  ...config,
                  dictionaryType: value,
                  defaultValue: Array.isArray(config.defaultValue) ? [] : '',
                },
              })
            }
          />
        </PanelItem>
      ) : isTreeOptionKey(config.jnpfKey) ? (
        <PanelItem label={t('options')}>
          <TreeOptionsEditor
            options={options}
            onChange={(next) =>
              onChange({
                ...field,
                options: next,
                __config__: { ...config, defaultValue: Array.isArray(config.defaultValue) ? [] : '' },
              })
            }
          />
        </PanelItem>
      ) : (
        <PanelItem label={t('options')}>
          <div role="list" aria-label={t('options')}>
            {options.map((option, index) => (
              <div key={index} role="listitem" className={styles.propRow}>
                <Input
                  aria-label={`${t('optionLabel')} ${index + 1}`}
                  placeholder={t('optionLabel')}
                  value={option.fullName}
                  onChange={(event) => setOption(index, { fullName: event.target.value })}
                />
                <Input
                  aria-label={`${t('optionValue')} ${index + 1}`}
                  placeholder={t('optionValue')}
                  value={option.id}
                  onChange={(event) => setOption(index, { id: event.target.value })}
                />
                <RowButton
                  icon={<ArrowUpOutlined />}
                  label={`${t('moveUp')} ${index + 1}`}
                  disabled={index === 0}
                  onClick={() => setOptions(moveItem(options, index, 'up'))}
                />
                <RowButton
                  icon={<ArrowDownOutlined />}
                  label={`${t('moveDown')} ${index + 1}`}
                  disabled={index === options.length - 1}
                  onClick={() => setOptions(moveItem(options, index, 'down'))}
                />
                <RemoveRowButton
                  label={`${t('removeOption')} ${index + 1}`}
                  onClick={() => setOptions(options.filter((_o, i) => i !== index))}
                />
              </div>
            ))}
          </div>
          <AddRowButton
            onClick={() => {
              const id = nextOptionId(options);
              setOptions([...options, { fullName: t('option', { n: id }), id }]);
            }}
          >
            {t('addOption')}
          </AddRowButton>
        </PanelItem>
      )}
    </>
  );
}
