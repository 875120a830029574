// Refusals of the notice calls; Chinese texts as the reference's where it has them.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('notice', {
  titleRequired: { zh: '标题不能为空', zhtw: '標題不能為空', en: 'The title cannot be empty' },
  titleTooLong: {
    zh: '标题最多为200个字符',
    zhtw: '標題最多為200個字元',
    en: 'The title can be at most 200 characters',
  },
  bodyTooLong: { zh: '内容过长', zhtw: '內容過長', en: 'The content is too long' },
  releaseFailed: { zh: '发布失败', zhtw: '發布失敗', en: 'Release failed' },
  expired: {
    zh: '公告已过期，无法发布',
    zhtw: '公告已過期，無法發布',
    en: 'The notice has expired and cannot be released',
  },
  noRecipients: { zh: '没有可接收公告的用户', zhtw: '沒有可接收公告的用戶', en: 'Nobody can receive this notice' },
  releasedReadOnly: {
    zh: '公告已发布，不能修改',
    zhtw: '公告已發布，不能修改',
    en: 'The notice has been released and can no longer be changed',
  },
  alreadyReleased: {
    zh: '公告已发布，不能重复发布',
    zhtw: '公告已發布，不能重複發布',
    en: 'The notice has already been released',
  },
});
