// The kind of list a design makes (columnData.type) and what each kind needs: the tree beside the table (its
// title, its source — a dictionary (chosen in the dictionary selector, which can open the dictionary screen to add
// one), the organisation or a data interface with the keys of its rows — and the
// list field a node filters), the field rows are grouped by, or the field holding a record's parent.
import {
  holdsOneValue,
  listTypeOf,
  LIST_TYPES,
  TREE_SOURCES,
  type ColumnDataJson,
  type FieldConfig,
  type ListType,
  type TreeSource,
} from '@jnpf/core';
import { Form, Input, Radio, Select } from 'antd';
import { DictionaryTypeSelect } from '../../../../components/dictionary/DictionaryTypeSelect';
import { InterfacePicker } from './InterfaceOptionsEditor';
import { designerTexts } from './texts';

const labelOf = (field: FieldConfig) => field.__config__.label || field.__vModel__;

export function ListKindSettings({
  values,
  columnData,
  set,
}: {
  /** the form's listable value fields */
  values: readonly FieldConfig[];
  columnData: ColumnDataJson;
  set: (patch: Partial<ColumnDataJson>) => void;
}) {
  const t = designerTexts.useText();
  const type = listTypeOf(columnData);
  const source = columnData.treeDataSource;
  const fieldChoice = (
    id: string,
    label: Parameters<typeof t>[0],
    key: 'treeRelation' | 'groupField' | 'parentField',
    among = values,
  ) => (
    <Form.Item label={t(label)} htmlFor={id} required>
      <Select
        id={id}
        style={{ width: 240 }}
        value={columnData[key] || undefined}
        placeholder={t('choose')}
        onChange={(value: string) => set({ [key]: value })}
        options={among.map((f) => ({ value: f.__vModel__, label: labelOf(f) }))}
      />
    </Form.Item>
  );
  return (
    <Form component="div" layout="horizontal" labelCol={{ flex: '120px' }}>
      <Form.Item label={t('listType')}>
        <Radio.Group
          aria-label={t('listType')}
          value={type}
          onChange={(e) => set({ type: e.target.value as ListType })}
          options={LIST_TYPES.map((value) => ({ value, label: t(`listType${value}`) }))}
        />
      </Form.Item>
      {type === 2 && (
        <>
          <Form.Item label={t('treeTitle')} htmlFor="list-treeTitle">
            <Input
              id="list-treeTitle"
              style={{ width: 240 }}
              value={columnData.treeTitle ?? ''}
              onChange={(e) => set({ treeTitle: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('treeDataSource')} required>
            <Radio.Group
              aria-label={t('treeDataSource')}
              value={source}
              onChange={(e) => set({ treeDataSource: e.target.value as TreeSource })}
              options={TREE_SOURCES.map((value) => ({ value, label: t(`treeSource_${value}`) }))}
              optionType="button"
              buttonStyle="solid"
            />
          </Form.Item>
          {source === 'dictionary' && (
            <Form.Item label={t('dictionaryType')} htmlFor="list-treeDictionary" required>
              <div style={{ width: 320 }}>
                <DictionaryTypeSelect
                  id="list-treeDictionary"
                  value={columnData.treeDictionary || undefined}
                  onChange={(treeDictionary) => set({ treeDictionary })}
                />
              </div>
            </Form.Item>
          )}
          {source === 'api' && (
            <>
              <InterfacePicker
                id="list-treeInterfaceId"
                value={columnData.treeInterfaceId ?? ''}
                Item={Form.Item}
                onSelect={(treeInterfaceId, treeInterfaceName) => set({ treeInterfaceId, treeInterfaceName })}
              />
              {(['treePropsValue', 'treePropsLabel', 'treePropsChildren'] as const).map((key) => (
                <Form.Item key={key} label={t(key)} htmlFor={`list-${key}`}>
                  <Input
                    id={`list-${key}`}
                    style={{ width: 240 }}
                    placeholder={key === 'treePropsValue' ? 'id' : key === 'treePropsLabel' ? 'fullName' : 'children'}
                    value={columnData[key] ?? ''}
                    onChange={(e) => set({ [key]: e.target.value })}
                  />
                </Form.Item>
              ))}
            </>
          )}
          {fieldChoice('list-treeRelation', 'treeRelation', 'treeRelation')}
        </>
      )}
      {type === 3 && fieldChoice('list-groupField', 'groupField', 'groupField')}
      {type === 5 && fieldChoice('list-parentField', 'parentField', 'parentField', values.filter(holdsOneValue))}
    </Form>
  );
}
