// Test helpers of the message centre screens (used by *.test.tsx only): the dictionaries as the server seeds
// them, a list row by its text and the OK button of the open confirmation.
import { screen, within } from '@testing-library/react';

/** a flat dictionary whose items have the codes '1', '2', … in this order and the ids prefix1, prefix2, … */
const dictionary = (id: string, fullName: string, enCode: string, itemPrefix: string, names: string[]) => ({
  id,
  fullName,
  enCode,
  isTree: 0,
  dictionaryList: names.map((name, i) => ({ id: `${itemPrefix}${i + 1}`, fullName: name, enCode: String(i + 1) })),
});

export const messageDictionaries = [
  dictionary('src', '消息来源', 'msgSourceType', 's', ['系统消息', '流程消息', '公告消息', '日程消息']),
  dictionary('send', '消息发送类型', 'msgSendType', 'm', [
    '站内信',
    '邮件',
    '短信',
    '钉钉',
    '企业微信',
    'WebHook',
    '微信公众号',
  ]),
];

/** the table row that shows this text */
export const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** the OK button of the confirmation on screen */
export const confirmButton = () =>
  within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: /确\s*定/ });
