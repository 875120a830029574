// Refusals of positions; the reference's Chinese verbatim in zh.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('position', {
  organizeRequired: { zh: '所属组织不能为空', zhtw: '所屬組織不能為空', en: 'The organisation cannot be empty' },
  organizeMissing: { zh: '所属组织不存在', zhtw: '所屬組織不存在', en: 'The organisation does not exist' },
  nameRequired: { zh: '岗位名称不能为空', zhtw: '崗位名稱不能為空', en: 'The position name cannot be empty' },
  codeRequired: { zh: '岗位编码不能为空', zhtw: '崗位編碼不能為空', en: 'The position code cannot be empty' },
  typeRequired: { zh: '岗位类型不能为空', zhtw: '崗位類型不能為空', en: 'The position type cannot be empty' },
  typeMissing: { zh: '岗位类型不存在', zhtw: '崗位類型不存在', en: 'The position type does not exist' },
  nameExists: { zh: '岗位名称不能重复', zhtw: '崗位名稱不能重複', en: 'The position name is already in use' },
  codeExists: { zh: '岗位编码不能重复', zhtw: '崗位編碼不能重複', en: 'The position code is already in use' },
  boundCannotMove: {
    zh: '更新失败！已绑定用户，无法切换组织',
    zhtw: '更新失敗！已綁定用戶，無法切換組織',
    en: 'Update failed: users hold this position, so its organisation cannot change',
  },
  boundCannotDelete: {
    zh: '删除失败！已绑定用户',
    zhtw: '刪除失敗！已綁定用戶',
    en: 'Delete failed: users hold this position',
  },
});
