// Test data of the message centre screens (used by *.test.tsx only): the dictionaries as the server seeds them.
export const messageDictionaries = [
  {
    id: 'src',
    fullName: '消息来源',
    enCode: 'msgSourceType',
    isTree: 0,
    dictionaryList: [
      { id: 's1', fullName: '系统消息', enCode: '1' },
      { id: 's2', fullName: '流程消息', enCode: '2' },
      { id: 's3', fullName: '公告消息', enCode: '3' },
      { id: 's4', fullName: '日程消息', enCode: '4' },
    ],
  },
  {
    id: 'send',
    fullName: '消息发送类型',
    enCode: 'msgSendType',
    isTree: 0,
    dictionaryList: [
      { id: 'm1', fullName: '站内信', enCode: '1' },
      { id: 'm2', fullName: '邮件', enCode: '2' },
      { id: 'm3', fullName: '短信', enCode: '3' },
      { id: 'm4', fullName: '钉钉', enCode: '4' },
      { id: 'm5', fullName: '企业微信', enCode: '5' },
      { id: 'm6', fullName: 'WebHook', enCode: '6' },
      { id: 'm7', fullName: '微信公众号', enCode: '7' },
    ],
  },
];
