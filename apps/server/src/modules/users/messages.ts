// Refusals, import reasons and spreadsheet texts of user administration; the reference's Chinese verbatim in zh.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('users', {
  accountRequired: { zh: '账号不能为空', zhtw: '賬號不能為空', en: 'The account cannot be empty' },
  accountTooLong: {
    zh: '账号最多为50个字符！',
    zhtw: '賬號最多為50個字元！',
    en: 'The account can have at most 50 characters',
  },
  accountInvalid: {
    zh: '账户不能含有特殊符号',
    zhtw: '賬戶不能含有特殊符號',
    en: 'The account can contain letters, digits, Chinese characters, dots, dashes and underscores only',
  },
  accountExists: { zh: '账户名称不能重复', zhtw: '賬戶名稱不能重複', en: 'The account is already in use' },
  realNameRequired: { zh: '姓名不能为空', zhtw: '姓名不能為空', en: 'The name cannot be empty' },
  organizeRequired: { zh: '所属组织不能为空', zhtw: '所屬組織不能為空', en: 'The organisation cannot be empty' },
  organizeMissing: { zh: '所属组织不存在', zhtw: '所屬組織不存在', en: 'An organisation does not exist' },
  genderRequired: { zh: '性别不能为空', zhtw: '性別不能為空', en: 'The gender cannot be empty' },
  genderMissing: { zh: '找不到该性别', zhtw: '找不到該性別', en: 'No such gender' },
  enabledMark: {
    zh: '状态只能是禁用、正常或锁定',
    zhtw: '狀態只能是禁用、正常或鎖定',
    en: 'State must be disabled, normal or locked',
  },
  positionMismatch: {
    zh: '岗位不存在或不属于所属组织',
    zhtw: '崗位不存在或不屬於所屬組織',
    en: 'A position does not exist or does not belong to the user’s organisations',
  },
  roleMismatch: {
    zh: '角色不存在或不属于所属组织',
    zhtw: '角色不存在或不屬於所屬組織',
    en: 'A role does not exist or does not belong to the user’s organisations',
  },
  roleOutsideOrganize: {
    zh: '角色「{names}」不属于所属组织，请先选择该组织或移除该角色',
    zhtw: '角色「{names}」不屬於所屬組織，請先選擇該組織或移除該角色',
    en: 'The role “{names}” does not belong to the user’s organisations: choose its organisation first or remove the role',
  },
  groupMissing: { zh: '分组不存在', zhtw: '分組不存在', en: 'A group does not exist' },
  managerMissing: { zh: '直属主管不存在', zhtw: '直屬主管不存在', en: 'The manager does not exist' },
  managerSelf: { zh: '直属主管不能是自己', zhtw: '直屬主管不能是自己', en: 'A user cannot be their own manager' },
  managerSubordinate: {
    zh: '直属主管不能是我的下属用户',
    zhtw: '直屬主管不能是我的下屬用戶',
    en: 'The manager cannot be one of the user’s own subordinates',
  },
  userNotFound: { zh: '用户不存在', zhtw: '用戶不存在', en: 'The user does not exist' },
  operationUserMissing: {
    zh: '操作失败,用户不存在',
    zhtw: '操作失敗,用戶不存在',
    en: 'Failed: the user does not exist',
  },
  adminReadonly: {
    zh: '无法修改管理员账户',
    zhtw: '無法修改管理員賬戶',
    en: 'An administrator account cannot be changed',
  },
  adminCannotDisable: {
    zh: '无法禁用管理员用户',
    zhtw: '無法禁用管理員用戶',
    en: 'An administrator cannot be disabled',
  },
  adminOnlySelf: {
    zh: '管理员只能修改自己，不能修改其他管理员',
    zhtw: '管理員只能修改自己，不能修改其他管理員',
    en: 'An administrator can change only their own account, not other administrators',
  },
  adminState: {
    zh: '无法修改管理员账户状态',
    zhtw: '無法修改管理員賬戶狀態',
    en: 'The state of an administrator account cannot be changed',
  },
  adminDelete: {
    zh: '无法删除管理员账户',
    zhtw: '無法刪除管理員賬戶',
    en: 'An administrator account cannot be deleted',
  },
  deleteSelf: { zh: '不能删除自己', zhtw: '不能刪除自己', en: 'You cannot delete your own account' },
  disableSelf: { zh: '不能禁用自己', zhtw: '不能禁用自己', en: 'You cannot disable your own account' },
  isOrganizeManager: {
    zh: '此用户为某部门主管，无法删除',
    zhtw: '此用戶為某部門主管，無法刪除',
    en: 'This user manages a department and cannot be deleted',
  },
  hasSubordinates: {
    zh: '此用户有下属，无法删除',
    zhtw: '此用戶有下屬，無法刪除',
    en: 'This user has subordinates and cannot be deleted',
  },
  handoverDone: { zh: '工作交接成功！', zhtw: '工作交接成功！', en: 'Work handed over' },
  handoverSelf: { zh: '不能交接给自己', zhtw: '不能交接給自己', en: 'Work cannot be handed over to the same user' },
  headIcon: { zh: '头像文件名不合法', zhtw: '頭像文件名不合法', en: 'The avatar file name is not valid' },

  // import and export
  rowAccountExists: { zh: '账号已存在', zhtw: '賬號已存在', en: 'The account already exists' },
  rowAccountInvalid: {
    zh: '账户不能含有特殊符号',
    zhtw: '賬戶不能含有特殊符號',
    en: 'The account contains special characters',
  },
  rowAccountEmpty: { zh: '账号不能为空', zhtw: '賬號不能為空', en: 'The account is empty' },
  rowAccountTooLong: {
    zh: '账号最多为50个字符',
    zhtw: '賬號最多為50個字元',
    en: 'The account is longer than 50 characters',
  },
  rowRealNameEmpty: { zh: '姓名不能为空', zhtw: '姓名不能為空', en: 'The name is empty' },
  rowRealNameInvalid: {
    zh: '姓名不能含有特殊符号',
    zhtw: '姓名不能含有特殊符號',
    en: 'The name contains special characters',
  },
  rowOrganizeEmpty: { zh: '所属组织不能为空', zhtw: '所屬組織不能為空', en: 'The organisation is empty' },
  rowOrganizeMissing: {
    zh: '找不到该所属组织（{names}）',
    zhtw: '找不到該所屬組織（{names}）',
    en: 'No such organisation ({names})',
  },
  rowGenderEmpty: { zh: '性别不能为空', zhtw: '性別不能為空', en: 'The gender is empty' },
  rowGenderMissing: { zh: '找不到该性别', zhtw: '找不到該性別', en: 'No such gender' },
  rowPositionMissing: {
    zh: '找不到该岗位（{names}）',
    zhtw: '找不到該崗位（{names}）',
    en: 'No such position ({names})',
  },
  rowRoleMissing: { zh: '找不到该角色（{names}）', zhtw: '找不到該角色（{names}）', en: 'No such role ({names})' },
  rowManagerMissing: { zh: '找不到该直属主管', zhtw: '找不到該直屬主管', en: 'No such manager' },
  rowTooLong: { zh: '{field}过长', zhtw: '{field}過長', en: '{field} is too long' },
  rowInvalid: { zh: '{field}格式错误', zhtw: '{field}格式錯誤', en: '{field} is not valid' },
  sheetUsers: { zh: '用户信息', zhtw: '用戶信息', en: 'Users' },
  stateNormal: { zh: '正常', zhtw: '正常', en: 'Normal' },
  stateDisabled: { zh: '禁用', zhtw: '禁用', en: 'Disabled' },
  stateLocked: { zh: '锁定', zhtw: '鎖定', en: 'Locked' },
  currentUser: { zh: '当前用户', zhtw: '當前用戶', en: 'Current user' },
});
