// The columns that tell a send configuration's template lines apart, in its dialog and in its detail: the
// channel, the template's code and its name.
import type { TableColumnsType } from 'antd';
import { useCodeDictionary } from '../shared/codes';
import type { ConfigTemplate } from './api';
import { texts } from './texts';

export function useTemplateLineColumns<Line extends ConfigTemplate>(): TableColumnsType<Line> {
  const t = texts.useText();
  const types = useCodeDictionary('msgSendType');
  return [
    { title: t('messageType'), dataIndex: 'messageType', width: 120, render: (type: string) => types.nameOf(type) },
    { title: t('templateCode'), dataIndex: 'templateCode', width: 160, ellipsis: true },
    { title: t('templateName'), dataIndex: 'templateName', ellipsis: true },
  ];
}
