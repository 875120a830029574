// Refusals of the permission-group calls.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('permissionGroup', {
  copyTooLong: {
    zh: '复制名称长度超过了限制长度',
    zhtw: '複製名稱長度超過了限制長度',
    en: 'The copy’s name would be too long',
  },
  copyNotFound: {
    zh: '复制失败，数据不存在',
    zhtw: '複製失敗，數據不存在',
    en: 'Copy failed: the record does not exist',
  },
  memberInvalid: { zh: '成员格式错误', zhtw: '成員格式錯誤', en: 'A member is not in the form id--type' },
  membersRequired: {
    zh: '请给出成员列表（清空成员时给出空列表）',
    zhtw: '請給出成員列表（清空成員時給出空列表）',
    en: 'Give the list of members (an empty list to remove them all)',
  },
  memberNotFound: { zh: '成员不存在', zhtw: '成員不存在', en: 'A member does not exist' },
  beyondOperator: {
    zh: '该权限组包含您没有的权限，无法操作',
    zhtw: '該權限組包含您沒有的權限，無法操作',
    en: 'The group grants more than you hold; you cannot change who gets it',
  },
  objectTypeInvalid: { zh: '对象类型不正确', zhtw: '對象類型不正確', en: 'Unknown object type' },
});
