// Messages of online development: the design screen, release, and the records of released forms. Chinese texts
// are the reference's where it has one (同步成功, 未找到同步路径,请刷新界面, 该功能未发布, 名称重复, 编码重复).
import { widgetMessages } from '@jnpf/core';
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('visualdev', {
  // ---- the design form
  nameRequired: { zh: '请输入名称', zhtw: '請輸入名稱', en: 'Please enter a name' },
  nameTooLong: { zh: '名称最多为100个字符', zhtw: '名稱最多為100個字符', en: 'The name can be at most 100 characters' },
  codeRequired: { zh: '请输入编码', zhtw: '請輸入編碼', en: 'Please enter a code' },
  codeTooLong: { zh: '编码最多为50个字符', zhtw: '編碼最多為50個字符', en: 'The code can be at most 50 characters' },
  categoryRequired: { zh: '请选择分类', zhtw: '請選擇分類', en: 'Please choose a category' },
  typeInvalid: {
    zh: '类型只能是1（功能设计）',
    zhtw: '類型只能是1（功能設計）',
    en: 'The type must be 1 (function design)',
  },
  webTypeInvalid: {
    zh: '页面类型只能是1（纯表单）或2（列表+表单）',
    zhtw: '頁面類型只能是1（純表單）或2（列表+表單）',
    en: 'The page type must be 1 (form only) or 2 (list and form)',
  },
  nameExists: { zh: '名称重复', zhtw: '名稱重複', en: 'The name is already in use' },
  codeExists: { zh: '编码重复', zhtw: '編碼重複', en: 'The code is already in use' },
  updated: { zh: '修改成功', zhtw: '修改成功', en: 'Saved' },
  hasMenu: {
    zh: '该功能已同步到菜单，请先删除对应菜单',
    zhtw: '該功能已同步到菜單，請先刪除對應菜單',
    en: 'The function has a menu; delete that menu first',
  },
  copyTooLong: {
    zh: '复制失败，副本名称超过100个字符',
    zhtw: '複製失敗，副本名稱超過100個字符',
    en: 'Copy failed: the name of the copy would exceed 100 characters',
  },

  // ---- design checks (formData / columnData)
  formDataInvalid: { zh: '表单数据格式错误', zhtw: '表單數據格式錯誤', en: 'The form definition is not valid JSON' },
  columnDataInvalid: {
    zh: '列表数据格式错误',
    zhtw: '列表數據格式錯誤',
    en: 'The list definition is not valid JSON',
  },
  fieldsEmpty: { zh: '表单不能为空，请添加控件', zhtw: '表單不能為空，請添加控件', en: 'The form has no fields' },
  fieldInvalid: { zh: '控件配置错误', zhtw: '控件配置錯誤', en: 'The field definition is not valid' },
  addressInvalid: {
    zh: '{label}的地址只能以http://或https://开头',
    zhtw: '{label}的地址只能以http://或https://開頭',
    en: 'The address of {label} must start with http:// or https://',
  },
  barcodeTextInvalid: {
    zh: '{label}只能包含字母和数字',
    zhtw: '{label}只能包含字母和數字',
    en: '{label} may contain only letters and digits',
  },
  keyUnknown: {
    zh: '不支持的控件类型：{key}',
    zhtw: '不支持的控件類型：{key}',
    en: 'Unsupported field type: {key}',
  },
  vModelInvalid: {
    zh: '{label}的字段名须以字母开头，只含字母、数字和下划线，最多50个字符',
    zhtw: '{label}的字段名須以字母開頭，只含字母、數字和下劃線，最多50個字符',
    en: 'The field name of {label} must start with a letter and hold letters, digits and "_" only (at most 50)',
  },
  vModelReserved: {
    zh: '字段名{name}为系统保留',
    zhtw: '字段名{name}為系統保留',
    en: 'The field name {name} is reserved',
  },
  vModelDuplicate: { zh: '字段名{name}重复', zhtw: '字段名{name}重複', en: 'The field name {name} is used twice' },
  optionsEmpty: {
    zh: '{label}的选项不能为空',
    zhtw: '{label}的選項不能為空',
    en: '{label} needs at least one option',
  },
  optionInvalid: {
    zh: '{label}的选项须有名称和值',
    zhtw: '{label}的選項須有名稱和值',
    en: 'Every option of {label} needs a name and a value',
  },
  optionDuplicate: {
    zh: '{label}的选项值{id}重复',
    zhtw: '{label}的選項值{id}重複',
    en: 'The option value {id} of {label} is used twice',
  },
  interfaceRequired: {
    zh: '请为{label}选择数据接口',
    zhtw: '請為{label}選擇數據接口',
    en: 'Choose a data interface for {label}',
  },
  optionsUnavailable: {
    zh: '{label}的选项无法读取：{reason}',
    zhtw: '{label}的選項無法讀取：{reason}',
    en: 'The options of {label} could not be read: {reason}',
  },
  dictionaryRequired: {
    zh: '请为{label}选择数据字典',
    zhtw: '請為{label}選擇數據字典',
    en: 'Choose a dictionary for {label}',
  },
  dictionaryNotFound: {
    zh: '{label}的数据字典不存在',
    zhtw: '{label}的數據字典不存在',
    en: 'The dictionary of {label} does not exist',
  },
  ableIdsRequired: {
    zh: '{label}的可选范围为自定义，请至少添加一项',
    zhtw: '{label}的可選範圍為自定義，請至少添加一項',
    en: 'The choices of {label} are custom: add at least one',
  },
  ruleRequired: {
    zh: '请为{label}选择单据规则',
    zhtw: '請為{label}選擇單據規則',
    en: 'Choose a number rule for {label}',
  },
  maskConfigInvalid: {
    zh: '{label}的脱敏规则不完整：请填写指定字符、大于0的保留位数和1到100的脱敏长度',
    zhtw: '{label}的脫敏規則不完整：請填寫指定字元、大於0的保留位數和1到100的脫敏長度',
    en: 'The masking of {label} is incomplete: give the specified characters, a kept count above 0 and a mask length of 1 to 100',
  },
  patternInvalid: {
    zh: '{label}的校验规则{pattern}不是有效的正则表达式',
    zhtw: '{label}的校驗規則{pattern}不是有效的正則表達式',
    en: 'The rule {pattern} of {label} is not a valid regular expression',
  },
  rangeInvalid: {
    zh: '{label}的最小值不能大于最大值',
    zhtw: '{label}的最小值不能大於最大值',
    en: 'The minimum of {label} cannot exceed its maximum',
  },
  columnUnknown: {
    zh: '列表字段{prop}不在表单中',
    zhtw: '列表字段{prop}不在表單中',
    en: 'The list column {prop} is not a field of the form',
  },
  searchUnknown: {
    zh: '查询字段{prop}不在表单中',
    zhtw: '查詢字段{prop}不在表單中',
    en: 'The search field {prop} is not a field of the form',
  },
  searchTypeInvalid: {
    zh: '查询类型只能是1（等于）、2（模糊）或3（范围）',
    zhtw: '查詢類型只能是1（等於）、2（模糊）或3（範圍）',
    en: 'The search type must be 1 (equal), 2 (fuzzy) or 3 (range)',
  },
  buttonInvalid: {
    zh: '按钮值{value}不正确',
    zhtw: '按鈕值{value}不正確',
    en: 'The button value {value} is not valid',
  },

  // ---- release
  synced: { zh: '同步成功', zhtw: '同步成功', en: 'Released' },
  syncPathNotFound: {
    zh: '未找到同步路径,请刷新界面',
    zhtw: '未找到同步路徑,請刷新界面',
    en: 'The place to release to was not found; reload the page',
  },
  syncDuplicate: {
    zh: '同步失败,检查编码或名称是否重复',
    zhtw: '同步失敗,檢查編碼或名稱是否重複',
    en: 'Release failed: a menu with the same code or name exists',
  },
  systemRequired: { zh: '请选择应用', zhtw: '請選擇應用', en: 'Please choose an application' },
  parentRequired: { zh: '请选择上级菜单', zhtw: '請選擇上級菜單', en: 'Please choose a parent menu' },

  // ---- records of a released form
  notReleased: { zh: '该功能未发布', zhtw: '該功能未發布', en: 'The function has not been released' },
  printMainTable: { zh: '主表', zhtw: '主表', en: 'Main' },
  printRecordId: { zh: '主键', zhtw: '主鍵', en: 'ID' },
  printCreatorUser: { zh: '创建人', zhtw: '創建人', en: 'Created by' },
  printCreatorTime: { zh: '创建时间', zhtw: '創建時間', en: 'Created at' },
  printLastModifyTime: { zh: '修改时间', zhtw: '修改時間', en: 'Modified at' },
  dataInvalid: { zh: '表单数据格式错误', zhtw: '表單數據格式錯誤', en: 'The form data is not valid JSON' },
  required: { zh: '{label}不能为空', zhtw: '{label}不能為空', en: '{label} is required' },
  calculateInvalid: {
    zh: '{label}的计算公式有误：{detail}',
    zhtw: '{label}的計算公式有誤：{detail}',
    en: 'The formula of {label} is not valid: {detail}',
  },
  calculateMasked: {
    zh: '{label}的计算公式不能引用脱敏字段“{name}”',
    zhtw: '{label}的計算公式不能引用脫敏字段「{name}」',
    en: 'The formula of {label} cannot use the masked field "{name}"',
  },
  rowIssue: {
    zh: '{label}第{row}行：{detail}',
    zhtw: '{label}第{row}行：{detail}',
    en: '{label}, row {row}: {detail}',
  },
  rowInvalid: {
    zh: '{label}第{row}行格式不正确',
    zhtw: '{label}第{row}行格式不正確',
    en: '{label}: row {row} is not in the right format',
  },
  // the upload widgets' own wording, with the label in front
  tooManyFiles: {
    zh: '{label}：当前限制最多可以上传{max}个文件',
    zhtw: '{label}：當前限制最多可以上傳{max}個文件',
    en: '{label}: at most {max} files can be uploaded',
  },
  tooManyImages: {
    zh: '{label}：当前限制最多可以上传{max}张图片',
    zhtw: '{label}：當前限制最多可以上傳{max}張圖片',
    en: '{label}: at most {max} images can be uploaded',
  },
  fileMissing: {
    zh: '{label}的文件不存在，请重新上传',
    zhtw: '{label}的文件不存在，請重新上傳',
    en: 'A file of {label} is not stored; upload it again',
  },
  signNotOwn: {
    zh: '{label}的签名图片不是本人上传的，请重新签名',
    zhtw: '{label}的簽名圖片不是本人上傳的，請重新簽名',
    en: 'The signature picture of {label} is not one you uploaded; sign again',
  },
  embeddedFileRefused: {
    zh: '{label}引用了您无权查看的文件，请重新上传该图片或文件',
    zhtw: '{label}引用了您無權查看的文件，請重新上傳該圖片或文件',
    en: '{label} refers to a file you may not read; upload that picture or file again',
  },
  fileTooLarge: {
    zh: '{label}：文件大小超过{size}',
    zhtw: '{label}：文件大小超過{size}',
    en: '{label}: the file is larger than {size}',
  },
  imageTooLarge: {
    zh: '{label}：图片大小超过{size}',
    zhtw: '{label}：圖片大小超過{size}',
    en: '{label}: the image is larger than {size}',
  },
  fileTypeRefused: {
    zh: '{label}：请选择{types}类型的文件',
    zhtw: '{label}：請選擇{types}類型的文件',
    en: '{label}: please choose files of the types {types}',
  },
  notImage: { zh: '{label}：请上传图片', zhtw: '{label}：請上傳圖片', en: '{label}: please upload an image' },
  // the kinds of file a refusal names (the others by their own name: excel, word, pdf, txt, or the extension)
  fileKindImage: { zh: '图片', zhtw: '圖片', en: 'image' },
  fileKindVideo: { zh: '视频', zhtw: '視頻', en: 'video' },
  fileKindAudio: { zh: '音频', zhtw: '音頻', en: 'audio' },
  fileKindSeparator: { zh: '、', zhtw: '、', en: ', ' },
  tooManyRows: {
    zh: '{label}最多{max}行',
    zhtw: '{label}最多{max}行',
    en: '{label} can hold at most {max} rows',
  },
  containerEmpty: {
    zh: '布局容器“{label}”至少需要一个标签页、面板或行',
    zhtw: '布局容器「{label}」至少需要一個標籤頁、面板或行',
    en: 'The layout container "{label}" needs at least one tab, panel or row',
  },
  containerPartInvalid: {
    zh: '布局容器“{label}”的标签页、面板、行或单元格配置错误',
    zhtw: '布局容器「{label}」的標籤頁、面板、行或單元格配置錯誤',
    en: 'A tab, panel, row or cell of the layout container "{label}" is not valid',
  },
  paneNameDuplicate: {
    zh: '布局容器“{label}”的标签页或面板名称重复',
    zhtw: '布局容器「{label}」的標籤頁或面板名稱重複',
    en: 'Two tabs or panels of the layout container "{label}" have the same name',
  },
  cellSpanInvalid: {
    zh: '表格布局“{label}”的单元格合并行数和列数须为大于0的整数',
    zhtw: '表格佈局「{label}」的單元格合併行數和列數須為大於0的整數',
    en: 'The row and column spans of the cells of the table layout "{label}" must be whole numbers from 1',
  },
  subTableEmpty: {
    zh: '子表“{label}”至少需要一列',
    zhtw: '子表「{label}」至少需要一列',
    en: 'The sub-table "{label}" needs at least one column',
  },
  chooserColumnMissing: {
    zh: '子表“{label}”的数据映射字段“{name}”不是本子表的列',
    zhtw: '子表「{label}」的數據映射字段「{name}」不是本子表的列',
    en: 'The field "{name}" that the data mapping of the sub-table "{label}" fills is not one of its columns',
  },
  subTableColumnInvalid: {
    zh: '子表“{label}”不能包含“{key}”控件',
    zhtw: '子表「{label}」不能包含「{key}」控件',
    en: 'The sub-table "{label}" cannot hold a "{key}" field',
  },
  typeMismatch: { zh: '{label}格式不正确', zhtw: '{label}格式不正確', en: '{label} is not in the right format' },
  notAnOption: {
    zh: '{label}的值不在选项中',
    zhtw: '{label}的值不在選項中',
    en: 'The value of {label} is not one of its options',
  },
  relationRecordInvalid: {
    zh: '{label}关联的数据不存在或无权查看',
    zhtw: '{label}關聯的數據不存在或無權查看',
    en: 'The record {label} refers to does not exist or cannot be read',
  },
  relationFormRequired: {
    zh: '请为{label}选择关联功能',
    zhtw: '請為{label}選擇關聯功能',
    en: 'Choose the related function of {label}',
  },
  attrSourceMissing: {
    zh: '{label}关联的字段“{name}”不存在',
    zhtw: '{label}關聯的字段「{name}」不存在',
    en: 'The field "{name}" that {label} follows does not exist',
  },
  attrSourceInSubTable: {
    zh: '{label}关联的字段“{name}”是子表的列，主表的属性只能关联主表的字段',
    zhtw: '{label}關聯的字段「{name}」是子表的列，主表的屬性只能關聯主表的字段',
    en: 'The field "{name}" that {label} follows is a sub-table column: an attribute of the main form can only follow a field of the main form',
  },
  attrSourceNotInTable: {
    zh: '{label}关联的字段“{name}”不是本子表的列',
    zhtw: '{label}關聯的字段「{name}」不是本子表的列',
    en: 'The field "{name}" that {label} follows is not a column of its own sub-table',
  },
  attrSourceNotPopup: {
    zh: '{label}关联的字段“{name}”不是弹窗选择',
    zhtw: '{label}關聯的字段「{name}」不是彈窗選擇',
    en: 'The field "{name}" that {label} follows is not a popup select',
  },
  attrSourceNotRelation: {
    zh: '{label}关联的字段“{name}”不是关联表单',
    zhtw: '{label}關聯的字段「{name}」不是關聯表單',
    en: 'The field "{name}" that {label} follows is not a relation form',
  },
  relationFormNotReleased: {
    zh: '{label}关联的功能未发布',
    zhtw: '{label}關聯的功能未發布',
    en: 'The function {label} relates to has not been released',
  },
  tooSmall: { zh: '{label}不能小于{min}', zhtw: '{label}不能小於{min}', en: '{label} cannot be less than {min}' },
  tooLarge: { zh: '{label}不能大于{max}', zhtw: '{label}不能大於{max}', en: '{label} cannot be more than {max}' },
  timeFormat: {
    zh: '{label}的时间格式应为{format}',
    zhtw: '{label}的時間格式應為{format}',
    en: '{label} must be a time in the form {format}',
  },
  colorAlpha: {
    zh: '{label}不支持透明度',
    zhtw: '{label}不支援透明度',
    en: '{label} does not take transparency',
  },
  outOfBounds: {
    zh: '{label}不在可选的范围内',
    zhtw: '{label}不在可選的範圍內',
    en: '{label} is outside the range that can be chosen',
  },
  offStep: {
    zh: '{label}只能按步长{step}取值',
    zhtw: '{label}只能按步長{step}取值',
    en: '{label} must be on a step of {step}',
  },
  wholeStars: { zh: '{label}只能是整数', zhtw: '{label}只能是整數', en: '{label} must be a whole number' },
  halfStars: {
    zh: '{label}只能是0.5的整数倍',
    zhtw: '{label}只能是0.5的整數倍',
    en: '{label} must be a multiple of 0.5',
  },
  tooLong: {
    zh: '{label}最多为{max}个字符',
    zhtw: '{label}最多為{max}個字符',
    en: '{label} can be at most {max} characters',
  },
  /** a field's own pattern message, as the designer wrote it */
  patternMessage: { zh: '{text}', zhtw: '{text}', en: '{text}' },
  duplicate: { zh: '{label}不能重复', zhtw: '{label}不能重複', en: '{label} is already used by another record' },
  queryInvalid: { zh: '查询条件格式错误', zhtw: '查詢條件格式錯誤', en: 'The search conditions are not valid JSON' },
  searchInvalid: {
    zh: '{label}的查询条件格式不正确',
    zhtw: '{label}的查詢條件格式不正確',
    en: 'The search value of {label} is not of the right form',
  },
  maskedRange: {
    zh: '{label}已脱敏，只能按完整值查询',
    zhtw: '{label}已脫敏，只能按完整值查詢',
    en: '{label} is masked: it can be searched only by its whole value',
  },
  maskedMany: {
    zh: '{label}已脱敏，一次只能按一个完整值查询',
    zhtw: '{label}已脫敏，一次只能按一個完整值查詢',
    en: '{label} is masked: it can be searched by only one whole value at a time',
  },
  notLastLevel: {
    zh: '{label}只能选择最后一级',
    zhtw: '{label}只能選擇最後一級',
    en: 'Only a last-level node can be chosen for {label}',
  },
  notAbleId: {
    zh: '{label}的值不在可选范围内',
    zhtw: '{label}的值不在可選範圍內',
    en: 'The value of {label} is not among the choices this field allows',
  },
  treeNotList: {
    zh: '该功能不是左侧树形列表',
    zhtw: '該功能不是左側樹形列表',
    en: 'This function has no tree beside its list',
  },
  treeUnavailable: {
    zh: '左侧树数据读取失败：{reason}',
    zhtw: '左側樹數據讀取失敗：{reason}',
    en: 'The tree could not be read: {reason}',
  },
  notTreeTable: {
    zh: '该功能不是树形表格',
    zhtw: '該功能不是樹形表格',
    en: 'This function is not a tree table',
  },
  listTypeInvalid: { zh: '列表类型无效', zhtw: '列表類型無效', en: 'The list type is not one of 1 to 5' },
  treeSourceInvalid: {
    zh: '请选择左侧树的数据来源',
    zhtw: '請選擇左側樹的數據來源',
    en: 'Choose where the tree beside the list comes from',
  },
  treeDictionaryRequired: {
    zh: '请选择左侧树的数据字典',
    zhtw: '請選擇左側樹的數據字典',
    en: 'Choose the dictionary of the tree beside the list',
  },
  treeInterfaceRequired: {
    zh: '请选择左侧树的数据接口',
    zhtw: '請選擇左側樹的數據接口',
    en: 'Choose the data interface of the tree beside the list',
  },
  treeRelationRequired: {
    zh: '请选择左侧树的关联字段',
    zhtw: '請選擇左側樹的關聯字段',
    en: 'Choose the list field a tree node filters by',
  },
  groupFieldRequired: {
    zh: '请选择分组字段',
    zhtw: '請選擇分組字段',
    en: 'Choose the field the rows are grouped by',
  },
  parentFieldRequired: {
    zh: '请选择父级字段（单值字段）',
    zhtw: '請選擇父級字段（單值字段）',
    en: 'Choose the single-value field holding the parent record',
  },
  // summary row, thousands separators and complex headers of a list (core listExtras.ts)
  extrasInvalid: { zh: '列表设置格式错误', zhtw: '列表設置格式錯誤', en: 'This list setting is not valid' },
  summaryFieldUnknown: {
    zh: '合计字段{prop}不在列表字段中',
    zhtw: '合計字段{prop}不在列表字段中',
    en: 'The summed column {prop} is not a column of the list',
  },
  summaryFieldNotNumber: {
    zh: '{label}不是数字字段，不能合计',
    zhtw: '{label}不是數字字段，不能合計',
    en: '{label} is not a number column and cannot be summed',
  },
  thousandsFieldUnknown: {
    zh: '千位分隔字段{prop}不在列表字段中',
    zhtw: '千位分隔字段{prop}不在列表字段中',
    en: 'The column {prop} given thousands separators is not a column of the list',
  },
  thousandsFieldNotNumber: {
    zh: '{label}不是数字字段，不能使用千位分隔',
    zhtw: '{label}不是數字字段，不能使用千位分隔',
    en: '{label} is not a number column and cannot show thousands separators',
  },
  headerNameRequired: {
    zh: '第{index}个复杂表头的名称不能为空',
    zhtw: '第{index}個複雜表頭的名稱不能為空',
    en: 'Complex header {index} needs a name',
  },
  headerColumnsEmpty: {
    zh: '复杂表头「{name}」至少需要一个子列',
    zhtw: '複雜表頭「{name}」至少需要一個子列',
    en: 'The complex header "{name}" needs at least one column',
  },
  headerColumnUnknown: {
    zh: '复杂表头「{name}」的子列{prop}不在列表字段中',
    zhtw: '複雜表頭「{name}」的子列{prop}不在列表字段中',
    en: 'The column {prop} of the complex header "{name}" is not a column of the list',
  },
  headerColumnTwice: {
    zh: '{label}已在复杂表头「{other}」中，一列只能属于一个表头',
    zhtw: '{label}已在複雜表頭「{other}」中，一列只能屬於一個表頭',
    en: '{label} is already under the complex header "{other}"; a column belongs to one header only',
  },
  queryUnknown: {
    zh: '{prop}不是查询字段',
    zhtw: '{prop}不是查詢字段',
    en: '{prop} is not a search field of this list',
  },
  idsRequired: { zh: '请选择要删除的数据', zhtw: '請選擇要刪除的數據', en: 'Choose the records to delete' },
  switchOn: { zh: '开', zhtw: '開', en: 'On' },
  switchOff: { zh: '关', zhtw: '關', en: 'Off' },

  // ---- public links (表单外链); 无效链接, 未开启表单外链！ and 密码错误！ are the reference's
  linkSubmitted: { zh: '提交成功', zhtw: '提交成功', en: 'Submitted' },
  linkInvalid: { zh: '无效链接', zhtw: '無效鏈接', en: 'This link is not valid' },
  formLinkOff: { zh: '未开启表单外链！', zhtw: '未開啟表單外鏈！', en: 'Filling in this form by link is switched off' },
  listLinkOff: { zh: '未开启公开查询！', zhtw: '未開啟公開查詢！', en: 'Searching this list by link is switched off' },
  linkPasswordWrong: { zh: '密码错误！', zhtw: '密碼錯誤！', en: 'The password is wrong' },
  linkPasswordRequired: { zh: '请输入密码', zhtw: '請輸入密碼', en: 'Please enter a password' },
  linkPasswordTooLong: {
    zh: '密码最多为20个字符',
    zhtw: '密碼最多為20個字符',
    en: 'The password can be at most 20 characters',
  },
  linkUnlockFirst: {
    zh: '该链接需要密码，请先输入密码',
    zhtw: '該鏈接需要密碼，請先輸入密碼',
    en: 'This link needs its password; enter it first',
  },
  linkFieldUnknown: {
    zh: '字段{prop}不在表单中',
    zhtw: '字段{prop}不在表單中',
    en: 'The field {prop} is not in the form',
  },
  linkFieldNotSearchable: {
    zh: '{label}不能作为查询条件',
    zhtw: '{label}不能作為查詢條件',
    en: '{label} cannot be searched by',
  },
  linkColumnsRequired: {
    zh: '请选择公开查询的显示内容',
    zhtw: '請選擇公開查詢的顯示內容',
    en: 'Choose what the public list shows',
  },
  linkRequiredHidden: {
    zh: '访客无法填写必填字段{label}，不能开启外链填单',
    zhtw: '訪客無法填寫必填字段{label}，不能開啟外鏈填單',
    en: 'Visitors cannot fill in the required field {label}, so the form cannot be shared',
  },
  linkNoLocation: {
    zh: '该表单没有定位字段',
    zhtw: '該表單沒有定位字段',
    en: 'The form has no location field',
  },
  linkListNeedsList: {
    zh: '纯表单功能没有列表，不能开启公开查询',
    zhtw: '純表單功能沒有列表，不能開啟公開查詢',
    en: 'A form-only function has no list to search publicly',
  },
  // ---- designs as files (export and import)
  importFileType: {
    zh: '导入文件格式错误',
    zhtw: '導入文件格式錯誤',
    en: 'The file to import must be a .json design file',
  },
  importNotDesign: {
    zh: '请导入对应功能的json文件',
    zhtw: '請導入對應功能的json文件',
    en: 'This is not a function design file; import a design exported from function design',
  },
  importSameDesign: { zh: '已存在相同功能', zhtw: '已存在相同功能', en: 'This function exists already' },
  importDuplicate: { zh: '{what}重复', zhtw: '{what}重複', en: 'Already in use: {what}' },
  importId: { zh: 'ID', zhtw: 'ID', en: 'ID' },
  importCode: { zh: '编码', zhtw: '編碼', en: 'code' },
  importName: { zh: '名称', zhtw: '名稱', en: 'name' },
  importMissingDictionaries: {
    zh: '导入失败，缺少数据字典：{names}',
    zhtw: '導入失敗，缺少數據字典：{names}',
    en: 'Import failed: these dictionaries do not exist here: {names}',
  },
  importMissingCategory: {
    zh: '导入失败，缺少功能分类：{name}',
    zhtw: '導入失敗，缺少功能分類：{name}',
    en: 'Import failed: the function category {name} does not exist here',
  },
  imported: { zh: '导入成功', zhtw: '導入成功', en: 'Imported' },
  printButtonRefused: {
    zh: '没有批量打印的权限',
    zhtw: '沒有批量打印的權限',
    en: 'You may not batch print the records of this function',
  },
  templateNoFields: {
    zh: '该功能没有可导入的字段',
    zhtw: '該功能沒有可導入的字段',
    en: 'This function has no fields to import',
  },
  // ---- code generation
  codegenModuleNameInvalid: {
    zh: '无法由“{name}”得到模块名：模块名须以字母开头，只含字母和数字，且不能是保留字',
    zhtw: '無法由「{name}」得到模組名：模組名須以字母開頭，只含字母和數字，且不能是保留字',
    en: 'No module name can be made of "{name}": it must start with a letter, hold only letters and digits, and not be a reserved word',
  },
  codegenModuleTaken: {
    zh: '模块“{name}”已存在，生成的代码会与之冲突：请修改功能编码或指定其他模块名',
    zhtw: '模組「{name}」已存在，生成的代碼會與之衝突：請修改功能編碼或指定其他模組名',
    en: 'A module "{name}" already exists and the generated code would collide with it: change the code of the function or give another module name',
  },
  codegenTableTaken: {
    zh: '数据表“{name}”已存在，生成的代码会与之冲突：请修改功能编码或指定其他模块名',
    zhtw: '數據表「{name}」已存在，生成的代碼會與之衝突：請修改功能編碼或指定其他模組名',
    en: 'A table "{name}" already exists and the generated code would collide with it: change the code of the function or give another module name',
  },
  codegenFormInvalid: {
    zh: '表单设计无效，无法生成代码',
    zhtw: '表單設計無效，無法生成代碼',
    en: 'The form design is not valid: no code can be generated',
  },
  codegenFieldInvalid: {
    zh: '字段名“{name}”不能用作代码中的名称：只能以字母开头，只含字母、数字和下划线',
    zhtw: '字段名「{name}」不能用作代碼中的名稱：只能以字母開頭，只含字母、數字和底線',
    en: 'The field name "{name}" cannot be a name in code: it must start with a letter and hold only letters, digits and underscores',
  },
  codegenNoFields: {
    zh: '表单没有可保存的字段，无法生成代码',
    zhtw: '表單沒有可保存的字段，無法生成代碼',
    en: 'The form has no field that keeps a value: no code can be generated',
  },
  codegenModuleInvalid: {
    zh: '模块名只能以字母开头，只含字母和数字，最多40个字符',
    zhtw: '模組名只能以字母開頭，只含字母和數字，最多40個字符',
    en: 'A module name starts with a letter and holds only letters and digits, at most 40 characters',
  },
});

/** the messages of core's widget logic (amount, number range, calculate …), the same words the form shows */
export const wm = defineMessages('visualdevWidget', widgetMessages);
