// Refusals and messages of user groups; the reference's Chinese verbatim in zh.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('group', {
  nameRequired: { zh: '名称不能为空', zhtw: '名稱不能為空', en: 'The name cannot be empty' },
  codeRequired: { zh: '编码不能为空', zhtw: '編碼不能為空', en: 'The code cannot be empty' },
  typeRequired: { zh: '分组类型不能为空', zhtw: '分組類型不能為空', en: 'The group type cannot be empty' },
  typeMissing: { zh: '分组类型不存在', zhtw: '分組類型不存在', en: 'The group type does not exist' },
  created: { zh: '创建成功', zhtw: '創建成功', en: 'Created' },
  updateNotFound: {
    zh: '接口修改失败，数据不存在',
    zhtw: '接口修改失敗，數據不存在',
    en: 'Update failed: the record does not exist',
  },
});
