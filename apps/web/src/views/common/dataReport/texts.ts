// Texts of the data-report runtime view (menu type 5) in zh, zhtw and en.
import { defineViewTexts } from '../../../platform/viewText';

export const texts = defineViewTexts({
  zh: {
    notConfigured: '报表服务未配置',
    notConfiguredHint: '部署时以 VITE_REPORT_SERVER_URL 设置报表服务地址后，菜单“{name}”即可显示其报表。',
    noReport: '菜单未关联报表',
    noReportHint: '请在菜单管理中为“{name}”选择要显示的报表。',
  },
  zhtw: {
    notConfigured: '報表服務未配置',
    notConfiguredHint: '部署時以 VITE_REPORT_SERVER_URL 設置報表服務地址後，菜單「{name}」即可顯示其報表。',
    noReport: '菜單未關聯報表',
    noReportHint: '請在菜單管理中為「{name}」選擇要顯示的報表。',
  },
  en: {
    notConfigured: 'No report server is configured',
    notConfiguredHint:
      'Set the report server address with VITE_REPORT_SERVER_URL when deploying, and the menu “{name}” shows its report.',
    noReport: 'This menu has no report',
    noReportHint: 'Choose the report that “{name}” shows in the menu administration.',
  },
});
