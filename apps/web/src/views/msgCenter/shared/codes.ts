// The message centre's codes: send channels (msgSendType dictionary) and message sources (msgSourceType),
// as the server seeds them, and the dictionary items as {value: code, label: name} options.
import { useDictionary } from '../../../components/admin';

export const MessageType = {
  inSite: '1',
  mail: '2',
  sms: '3',
  dingTalk: '4',
  weCom: '5',
  webhook: '6',
  weChat: '7',
} as const;

export const MessageSource = { system: '1', flow: '2', notice: '3', schedule: '4' } as const;

/** SMS and WeChat official-account templates are kept by the provider: a template code and variables */
export const usesProviderTemplate = (messageType: string | undefined) =>
  messageType === MessageType.sms || messageType === MessageType.weChat;

/** a dictionary of codes as select options and a code → name lookup */
export function useCodeDictionary(enCode: 'msgSendType' | 'msgSourceType') {
  const dictionary = useDictionary(enCode);
  const options = dictionary.items.map((item) => ({ value: item.enCode, label: item.fullName }));
  return {
    options,
    nameOf: (code: string | null | undefined) =>
      (code && dictionary.items.find((item) => item.enCode === code || item.id === code)?.fullName) || code || '',
    isLoading: dictionary.isLoading,
  };
}
