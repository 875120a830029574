// Refusals of positions; the reference's Chinese verbatim in zh.
import { defineMessages } from '../../platform/i18n.js';
import { nameCodeRefusals } from '../organize/index.js';

export const m = defineMessages('position', {
  organizeRequired: { zh: '所属组织不能为空', zhtw: '所屬組織不能為空', en: 'The organisation cannot be empty' },
  organizeMissing: { zh: '所属组织不存在', zhtw: '所屬組織不存在', en: 'The organisation does not exist' },
  ...nameCodeRefusals({ zh: '岗位', zhtw: '崗位', en: 'position' }),
  typeRequired: { zh: '岗位类型不能为空', zhtw: '崗位類型不能為空', en: 'The position type cannot be empty' },
  typeMissing: { zh: '岗位类型不存在', zhtw: '崗位類型不存在', en: 'The position type does not exist' },
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
