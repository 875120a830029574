// Refusals of the schedule calls.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('schedule', {
  titleRequired: { zh: '日程标题不能为空', zhtw: '日程標題不能為空', en: 'The title cannot be empty' },
  titleTooLong: {
    zh: '日程标题最多为200个字符',
    zhtw: '日程標題最多為200個字元',
    en: 'The title can be at most 200 characters',
  },
  timeFormat: { zh: '时间格式错误', zhtw: '時間格式錯誤', en: 'The time is not valid' },
  endBeforeStart: {
    zh: '结束时间不能早于开始时间',
    zhtw: '結束時間不能早於開始時間',
    en: 'The end cannot be before the start',
  },
  repeatBeforeStart: {
    zh: '重复结束时间不能早于开始时间',
    zhtw: '重複結束時間不能早於開始時間',
    en: 'The repeats cannot end before the schedule starts',
  },
  userMissing: { zh: '所选参与人不存在', zhtw: '所選參與人不存在', en: 'A chosen participant does not exist' },
  scopeRequired: { zh: '请选择日程', zhtw: '請選擇日程', en: 'Choose which occurrences' },
  deleted: { zh: '该日程已被删除', zhtw: '該日程已被刪除', en: 'This schedule has been deleted' },
  notCreator: {
    zh: '只有创建人可以修改或删除日程',
    zhtw: '只有創建人可以修改或刪除日程',
    en: 'Only the creator can change or delete a schedule',
  },
  fileMissing: {
    zh: '附件不存在或无权使用，请重新上传',
    zhtw: '附件不存在或無權使用，請重新上傳',
    en: 'An attachment does not exist or is not yours to use; upload it again',
  },
  rangeInvalid: { zh: '查询时间范围错误', zhtw: '查詢時間範圍錯誤', en: 'The time range is not valid' },
  removedTitle: { zh: '日程已取消：{title}', zhtw: '日程已取消：{title}', en: 'Schedule cancelled: {title}' },
});
