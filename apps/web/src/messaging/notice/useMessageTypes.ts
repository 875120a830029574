// The message types as the msgSourceType dictionary names them, for the type filter and the type column. While the
// dictionary loads, or if it lacks a type, the built-in names stand in.
import { useDictionary } from '../../components/admin';
import { MessageType } from './api';
import { noticeTexts } from './texts';

const BUILT_IN = Object.values(MessageType);

export function useMessageTypes() {
  const t = noticeTexts.useText();
  const dictionary = useDictionary('msgSourceType');
  const names = new Map<string, string>();
  for (const type of BUILT_IN) names.set(String(type), t(`type${type}` as const));
  const fromDictionary = dictionary.items.filter((item) => item.enCode);
  for (const item of fromDictionary) names.set(item.enCode, item.fullName);
  const codes = fromDictionary.length ? fromDictionary.map((item) => item.enCode) : BUILT_IN.map(String);
  const typeOptions = codes.map((code) => ({ value: code, label: names.get(code)! }));
  return {
    /** each type by its code */
    typeOptions,
    /** 'All' first, then each type */
    options: [{ value: '', label: t('allTypes') }, ...typeOptions],
    label: (type: number | string) => names.get(String(type)) ?? String(type),
    isLoading: dictionary.isLoading,
  };
}
