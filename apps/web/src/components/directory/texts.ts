// Texts of the organisation directory: its tree and pickers (the reference's Chinese in zh).
import { defineViewTexts } from '../../platform/viewText';

export const directoryTexts = defineViewTexts({
  zh: {
    orgTree: '组织机构',
    allOrgs: '全部',
    filter: '输入关键字进行过滤',
    refresh: '刷新数据',
    company: '公司',
    department: '部门',
  },
  zhtw: {
    orgTree: '組織機構',
    allOrgs: '全部',
    filter: '輸入關鍵字進行過濾',
    refresh: '刷新數據',
    company: '公司',
    department: '部門',
  },
  en: {
    orgTree: 'Organisations',
    allOrgs: 'All',
    filter: 'Type to filter',
    refresh: 'Refresh',
    company: 'Company',
    department: 'Department',
  },
});
