// Refusals and display texts of roles; the reference's Chinese verbatim in zh.
import { defineMessages } from '../../platform/i18n.js';
import { nameCodeRefusals } from '../organize/index.js';

export const m = defineMessages('role', {
  ...nameCodeRefusals({ zh: '角色', zhtw: '角色', en: 'role' }),
  globalMark: {
    zh: '角色类型只能是全局或组织',
    zhtw: '角色類型只能是全局或組織',
    en: 'A role is global or belongs to organisations',
  },
  organizeRequired: { zh: '所属组织不能为空', zhtw: '所屬組織不能為空', en: 'Choose the organisations of the role' },
  organizeMissing: { zh: '所属组织不存在', zhtw: '所屬組織不存在', en: 'An organisation of the role does not exist' },
  boundCannotChange: {
    zh: '更新失败！已绑定用户，无法切换组织',
    zhtw: '更新失敗！已綁定用戶，無法切換組織',
    en: 'Update failed: users hold this role, so its type and organisations cannot change',
  },
  boundCannotToggle: {
    zh: '更新失败！已绑定用户，无法修改状态',
    zhtw: '更新失敗！已綁定用戶，無法修改狀態',
    en: 'Update failed: users hold this role, so its state cannot change',
  },
  boundCannotDelete: {
    zh: '删除失败！已绑定用户',
    zhtw: '刪除失敗！已綁定用戶',
    en: 'Delete failed: users hold this role',
  },
  typeGlobal: { zh: '全局', zhtw: '全局', en: 'Global' },
  typeOrganize: { zh: '组织', zhtw: '組織', en: 'Organisation' },
});
