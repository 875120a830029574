// Texts of the widget gallery.
import { defineViewTexts } from '../../../platform/viewText';

export const galleryTexts = defineViewTexts({
  zh: {
    title: '组件示例',
    intro:
      '设计器提供的每个组件，分别以表单字段、只读详情和列表单元格呈现。详情与列表显示表单中的当前值；需要服务端数据的组件（选择器、弹窗、数据接口、关联表单）显示其未配置状态。',
    sampleText: '示例文本',
    formView: '表单',
    detailView: '详情',
    listView: '列表',
    notInList: '不在列表中显示',
    empty: '（空）',
  },
  zhtw: {
    title: '組件示例',
    intro:
      '設計器提供的每個組件，分別以表單字段、唯讀詳情和列表單元格呈現。詳情與列表顯示表單中的當前值；需要服務端數據的組件（選擇器、彈窗、數據接口、關聯表單）顯示其未配置狀態。',
    sampleText: '示例文本',
    formView: '表單',
    detailView: '詳情',
    listView: '列表',
    notInList: '不在列表中顯示',
    empty: '（空）',
  },
  en: {
    title: 'Widget gallery',
    intro:
      'Every widget the designer offers, as a form field, a read-only detail and a list cell. The detail and the list show the value the form holds; widgets that need server data (pickers, popups, data interfaces, relation forms) show their not-configured state.',
    sampleText: 'Sample text',
    formView: 'Form',
    detailView: 'Detail',
    listView: 'List',
    notInList: 'Not shown in lists',
    empty: '(empty)',
  },
});
