// The filter bar of the message centre lists: the keyword and, in the order the screen asks for, a select
// per filter (message source, channel, template type, state), each with an "all" choice first.
import { Select } from 'antd';
import { kitTexts, SearchBar, type PagedTable } from '../../../components/admin';
import { useCodeDictionary } from './codes';
import { sharedTexts } from './texts';

export type RecordFilterKey = 'messageSource' | 'messageType' | 'templateType' | 'enabledMark';
/** the filters as sent, by RecordFilterKey: '' is "all" */
export type RecordFilters = Record<string, string>;

/** each filter at "all" */
export const showingAll = (filters: readonly RecordFilterKey[]): RecordFilters =>
  Object.fromEntries(filters.map((name) => [name, '']));

export function RecordSearchBar<Row>({
  table,
  filters,
}: {
  table: PagedTable<Row, RecordFilters>;
  filters: readonly RecordFilterKey[];
}) {
  const t = sharedTexts.useText();
  const k = kitTexts.useText();
  const sources = useCodeDictionary('msgSourceType');
  const types = useCodeDictionary('msgSendType');
  const choices: Record<RecordFilterKey, { all: string; options: { value: string; label: string }[] }> = {
    messageSource: { all: t('allSources'), options: sources.options },
    messageType: { all: t('allTypes'), options: types.options },
    templateType: {
      all: t('allTemplateTypes'),
      options: [
        { value: '1', label: t('systemTemplate') },
        { value: '0', label: t('customTemplate') },
      ],
    },
    enabledMark: {
      all: t('allStates'),
      options: [
        { value: '1', label: k('enabled') },
        { value: '0', label: k('disabled') },
      ],
    },
  };

  return (
    <SearchBar keyword={table.keyword} onKeywordChange={table.setKeyword} onSearch={table.search} onReset={table.reset}>
      {filters.map((name) => (
        <Select
          key={name}
          style={{ width: 150 }}
          aria-label={t(name)}
          value={table.filters[name]}
          onChange={(value: string) => table.setFilter(name, value)}
          options={[{ value: '', label: choices[name].all }, ...choices[name].options]}
        />
      ))}
    </SearchBar>
  );
}
