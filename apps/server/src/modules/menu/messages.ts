// Refusals of the menu calls and their permission items (buttons, columns, forms, data permissions).
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('menu', {
  nameRequired: { zh: '名称不能为空', zhtw: '名稱不能為空', en: 'The name is required' },
  codeRequired: { zh: '编码不能为空', zhtw: '編碼不能為空', en: 'The code is required' },
  typeRequired: { zh: '类型不能为空', zhtw: '類型不能為空', en: 'The type is required' },
  menuRequired: { zh: '菜单不能为空', zhtw: '菜單不能為空', en: 'The menu is required' },
  menuNameExists: { zh: '名称重复，请重新输入', zhtw: '名稱重複，請重新輸入', en: 'The name is already used here' },
  menuCodeExists: { zh: '编码重复，请重新输入', zhtw: '編碼重複，請重新輸入', en: 'The code is already used here' },
  menuNotFound: { zh: '菜单不存在', zhtw: '菜單不存在', en: 'The menu does not exist' },
  systemNotFound: { zh: '应用不存在', zhtw: '應用不存在', en: 'The application does not exist' },
  parentNotFound: { zh: '上级菜单不存在', zhtw: '上級菜單不存在', en: 'The parent menu does not exist' },
  parentIsSelf: {
    zh: '上级菜单不能是自己或下级菜单',
    zhtw: '上級菜單不能是自己或下級菜單',
    en: 'A menu cannot be placed under itself or its children',
  },
  directoryHasData: {
    zh: '当前目录存在数据,不能修改类型',
    zhtw: '當前目錄存在數據,不能修改類型',
    en: 'The directory has children; its type cannot change',
  },
  hasChildren: {
    zh: '删除失败，请先删除子菜单。',
    zhtw: '刪除失敗，請先刪除子菜單。',
    en: 'Delete the child menus first',
  },
  importFileType: { zh: '请选择.bm格式的文件', zhtw: '請選擇.bm格式的文件', en: 'Choose a .bm file' },
  importFileMissing: { zh: '请选择导入文件', zhtw: '請選擇導入文件', en: 'Choose a file to import' },
  importInvalid: { zh: '导入文件格式错误', zhtw: '導入文件格式錯誤', en: 'The file is not a menu export' },
  importWrongSide: {
    zh: '当前导入菜单为{side}端菜单，请在对应模块下导入！',
    zhtw: '當前導入菜單為{side}端菜單，請在對應模塊下導入！',
    en: 'This is a {side} menu; import it under the {side} menus',
  },
  importAppRoot: {
    zh: '请在顶级节点下创建目录后再进行菜单导入',
    zhtw: '請在頂級節點下創建目錄後再進行菜單導入',
    en: 'Create a directory first and import App menus into it',
  },
  importDuplicates: { zh: '导入失败，{detail}', zhtw: '導入失敗，{detail}', en: 'Import failed: {detail}' },
  imported: { zh: '导入成功', zhtw: '導入成功', en: 'Imported' },
  buttonParentNotFound: { zh: '上级按钮不存在', zhtw: '上級按鈕不存在', en: 'The parent button does not exist' },
  batchEmpty: { zh: '请至少添加一个字段', zhtw: '請至少添加一個字段', en: 'Add at least one field' },
  fieldNameExists: { zh: '字段名称不能重复', zhtw: '字段名稱不能重複', en: 'The field is already listed' },
  fieldInUse: {
    zh: '该字段在方案 {name} 中已被使用',
    zhtw: '該字段在方案 {name} 中已被使用',
    en: 'The field is used by the scheme {name}',
  },
  symbolInvalid: { zh: '条件符号不正确', zhtw: '條件符號不正確', en: 'Unknown condition operator' },
  schemeNameRequired: { zh: '方案名称不能为空', zhtw: '方案名稱不能為空', en: 'The scheme name is required' },
  schemeNameExists: { zh: '已存在相同名称', zhtw: '已存在相同名稱', en: 'A scheme with that name exists' },
  fieldCodeExists: {
    zh: '该菜单已存在相同编码的字段',
    zhtw: '該菜單已存在相同編碼的字段',
    en: 'This menu already has a field with that code',
  },
  schemeCodeExists: { zh: '已存在相同编码', zhtw: '已存在相同編碼', en: 'A scheme with that code exists' },
  schemeLocked: {
    zh: '修改失败，该方案不允许编辑',
    zhtw: '修改失敗，該方案不允許編輯',
    en: 'This scheme cannot be edited',
  },
  conditionInvalid: {
    zh: '方案内条件配置不完整，请检查条件内容',
    zhtw: '方案內條件配置不完整，請檢查條件內容',
    en: 'A condition of the scheme is incomplete',
  },
  conditionFieldUnknown: {
    zh: '方案条件字段{field}不存在',
    zhtw: '方案條件字段{field}不存在',
    en: 'The scheme uses an unknown field {field}',
  },
  propertyInvalid: {
    zh: '菜单属性格式错误，应为JSON对象',
    zhtw: '菜單屬性格式錯誤，應為JSON對象',
    en: 'The menu properties must be a JSON object',
  },
  moduleIdInvalid: { zh: '功能编号格式错误', zhtw: '功能編號格式錯誤', en: 'The target id is not a valid id' },
  isTreeInvalid: { zh: '树形标识只能为0或1', zhtw: '樹形標識只能為0或1', en: 'isTree must be 0 or 1' },
  formRequired: { zh: '请选择功能表单', zhtw: '請選擇功能表單', en: 'Choose the form the menu opens' },
  dictionaryRequired: { zh: '请选择数据字典', zhtw: '請選擇數據字典', en: 'Choose the dictionary the menu opens' },
  reportRequired: { zh: '请输入报表编号', zhtw: '請輸入報表編號', en: 'Enter the id of the report the menu opens' },
  formNotFound: {
    zh: '功能表单不存在或未发布',
    zhtw: '功能表單不存在或未發布',
    en: 'The form does not exist or is not released',
  },
  dictionaryNotFound: { zh: '数据字典不存在', zhtw: '數據字典不存在', en: 'The dictionary does not exist' },
  permissionGroupNotFound: { zh: '数据不存在', zhtw: '數據不存在', en: 'The permission group does not exist' },
});

/** names of the permission-item panels (Menu/getPermission) */
export const panelNames = {
  permissionMember: '权限成员',
  buttonAuthorize: '按钮权限',
  columnAuthorize: '列表权限',
  formAuthorize: '表单权限',
  dataAuthorize: '数据权限',
} as const;
