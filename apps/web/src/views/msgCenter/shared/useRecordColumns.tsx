// Columns the message centre tables share: the template type; the sort and the state; and, after a
// record's own columns in the lists, who created it and when, the last change, the sort and the state.
import type { TableColumnsType } from 'antd';
import { EnabledTag } from '../../../components/admin';
import { dateTime } from './format';
import { sharedTexts, useTemplateTypeName } from './texts';

export function useRecordColumns<Row>() {
  const t = sharedTexts.useText();
  const typeName = useTemplateTypeName();
  type Column = TableColumnsType<Row>[number];
  const templateType: Column = { title: t('templateType'), dataIndex: 'templateType', width: 100, render: typeName };
  const sortCode: Column = { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' };
  const state: Column = {
    title: t('enabledMark'),
    dataIndex: 'enabledMark',
    width: 80,
    align: 'center',
    render: (mark: number) => <EnabledTag mark={mark} />,
  };
  const audit: TableColumnsType<Row> = [
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 130, ellipsis: true },
    { title: t('creatorTime'), dataIndex: 'creatorTime', width: 170, render: dateTime },
    { title: t('lastModifyTime'), dataIndex: 'lastModifyTime', width: 170, render: dateTime },
    sortCode,
    { ...state, fixed: 'right' },
  ];
  return { templateType, sortCode, state, audit };
}
