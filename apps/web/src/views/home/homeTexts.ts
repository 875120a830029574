// Texts of the home page's today panel (the rest of the home page's texts are in src/locales).
import { defineViewTexts } from '../../platform/viewText';

export const { useText: useHomeText } = defineViewTexts({
  zh: {
    todaySchedules: '今日日程',
    noSchedules: '今天没有日程',
    allDay: '全天',
    schedulesFailed: '日程加载失败',
    retry: '重试',
    unreadMessages: '未读消息',
    openMessages: '查看消息',
  },
  zhtw: {
    todaySchedules: '今日日程',
    noSchedules: '今天沒有日程',
    allDay: '全天',
    schedulesFailed: '日程載入失敗',
    retry: '重試',
    unreadMessages: '未讀消息',
    openMessages: '查看消息',
  },
  en: {
    todaySchedules: 'Today’s schedule',
    noSchedules: 'Nothing scheduled today',
    allDay: 'All day',
    schedulesFailed: 'The schedule could not be loaded',
    retry: 'Retry',
    unreadMessages: 'Unread messages',
    openMessages: 'Open messages',
  },
});
