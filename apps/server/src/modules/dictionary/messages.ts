// Refusals of the dictionary screens. Chinese texts are the reference clients' and server's, verbatim where they exist.
import type { Localized } from '@jnpf/core';
import { defineMessages } from '../../platform/i18n.js';

/**
 * the name and code refusals of a form that says "请输入名称" and "名称最多为50个字符！", the noun before 名称 and
 * 编码 when the form names one (业务名称)
 */
export const nameCodeInputs = (noun: Omit<Localized, 'en'> = { zh: '', zhtw: '' }) => ({
  nameRequired: { zh: `请输入${noun.zh}名称`, zhtw: `請輸入${noun.zhtw}名稱`, en: 'Please enter a name' },
  nameTooLong: {
    zh: `${noun.zh}名称最多为50个字符！`,
    zhtw: `${noun.zhtw}名稱最多為50個字符！`,
    en: 'Name can be at most 50 characters',
  },
  codeRequired: { zh: `请输入${noun.zh}编码`, zhtw: `請輸入${noun.zhtw}編碼`, en: 'Please enter a code' },
  codeTooLong: {
    zh: `${noun.zh}编码最多为50个字符！`,
    zhtw: `${noun.zhtw}編碼最多為50個字符！`,
    en: 'Code can be at most 50 characters',
  },
});

export const m = defineMessages('dictionary', {
  // category form
  typeParentRequired: { zh: '上级菜单不能为空', zhtw: '上級菜單不能為空', en: 'Parent cannot be empty' },
  typeParentNotFound: { zh: '上级分类不存在', zhtw: '上級分類不存在', en: 'The parent category does not exist' },
  typeParentCycle: {
    zh: '上级分类不能是自己或下级',
    zhtw: '上級分類不能是自己或下級',
    en: 'A category cannot be placed under itself or one of its subcategories',
  },
  typeHasItems: {
    zh: '字典类型下面有字典值禁止删除',
    zhtw: '字典類型下面有字典值禁止刪除',
    en: 'The category still has items and cannot be deleted',
  },
  typeHasChildren: {
    zh: '删除失败，当前有子节点数据',
    zhtw: '刪除失敗，當前有子節點數據',
    en: 'The category still has subcategories and cannot be deleted',
  },
  typeTreeHasNesting: {
    zh: '该分类下存在层级字典，不能改为非树形',
    zhtw: '該分類下存在層級字典，不能改為非樹形',
    en: 'The category has nested items and cannot stop being a tree',
  },
  // item form
  itemTypeRequired: { zh: '字典分类不能为空', zhtw: '字典分類不能為空', en: 'Category cannot be empty' },
  itemTypeNotFound: { zh: '字典分类不存在', zhtw: '字典分類不存在', en: 'The dictionary category does not exist' },
  itemParentRequired: { zh: '请选择', zhtw: '請選擇', en: 'Please select' },
  itemNameRequired: { zh: '请输入名称', zhtw: '請輸入名稱', en: 'Please enter a name' },
  itemNameTooLong: {
    zh: '字典名称最多为50个字符！',
    zhtw: '字典名稱最多為50個字符！',
    en: 'Item name can be at most 50 characters',
  },
  itemCodeRequired: { zh: '请输入编码', zhtw: '請輸入編碼', en: 'Please enter a code' },
  itemCodeTooLong: {
    zh: '字典编码最多为50个字符！',
    zhtw: '字典編碼最多為50個字符！',
    en: 'Item code can be at most 50 characters',
  },
  itemNameExists: { zh: '字典名称不能重复', zhtw: '字典名稱不能重複', en: 'The item name is already in use' },
  itemCodeExists: { zh: '字典编码不能重复', zhtw: '字典編碼不能重複', en: 'The item code is already in use' },
  itemParentNotFound: { zh: '上级字典不存在', zhtw: '上級字典不存在', en: 'The parent item does not exist' },
  itemParentCycle: {
    zh: '上级字典不能是自己或下级',
    zhtw: '上級字典不能是自己或下級',
    en: 'An item cannot be placed under itself or one of its children',
  },
  itemParentNotTree: {
    zh: '非树形字典不能设置上级',
    zhtw: '非樹形字典不能設置上級',
    en: 'Items of a category that is not a tree cannot have a parent',
  },
  itemHasChildren: {
    zh: '字典类型下面有字典值禁止删除',
    zhtw: '字典類型下面有字典值禁止刪除',
    en: 'The item still has child items and cannot be deleted',
  },
  // .bdd import (reference IMP001–IMP010 where they exist)
  imported: { zh: '导入成功', zhtw: '導入成功', en: 'Imported' },
  importNoFile: { zh: '请选择要导入的文件', zhtw: '請選擇要導入的文件', en: 'Choose a file to import' },
  importWrongExtension: {
    zh: '导入失败，文件格式错误（只能导入{ext}文件）',
    zhtw: '導入失敗，文件格式錯誤（只能導入{ext}文件）',
    en: 'Import failed: wrong file type (only {ext} files)',
  },
  importTooLarge: {
    zh: '导入失败，文件不能超过{size}',
    zhtw: '導入失敗，文件不能超過{size}',
    en: 'Import failed: the file cannot exceed {size}',
  },
  importTypeInvalid: {
    zh: '重复处理方式只能是0（跳过）或1（追加）',
    zhtw: '重複處理方式只能是0（跳過）或1（追加）',
    en: 'Duplicate handling must be 0 (skip) or 1 (append)',
  },
  importBadJson: {
    zh: '导入失败，文件内容不完整或不是有效的JSON',
    zhtw: '導入失敗，文件內容不完整或不是有效的JSON',
    en: 'Import failed: the file is incomplete or not valid JSON',
  },
  importWrongFormat: {
    zh: '导入失败，该文件不是数据字典导出文件',
    zhtw: '導入失敗，該文件不是數據字典導出文件',
    en: 'Import failed: the file is not a dictionary export',
  },
  importWrongVersion: {
    zh: '导入失败，不支持的文件版本：{version}',
    zhtw: '導入失敗，不支持的文件版本：{version}',
    en: 'Import failed: unsupported file version {version}',
  },
  importInvalid: {
    zh: '导入失败，数据有误：{detail}',
    zhtw: '導入失敗，數據有誤：{detail}',
    en: 'Import failed, the data is not valid: {detail}',
  },
  importParentMissing: {
    zh: '导入失败，查询不到上级分类',
    zhtw: '導入失敗，查詢不到上級分類',
    en: 'Import failed: the parent category does not exist',
  },
  importNameTaken: {
    zh: '导入失败，分类名称“{name}”已被编码不同的分类使用',
    zhtw: '導入失敗，分類名稱「{name}」已被編碼不同的分類使用',
    en: 'Import failed: the category name "{name}" is used by a category with another code',
  },
  importCopyTooLong: {
    zh: '导入失败，副本名称或编码超过50个字符',
    zhtw: '導入失敗，副本名稱或編碼超過50個字符',
    en: 'Import failed: the copy name or code would exceed 50 characters',
  },
});

/** the category form's name and code refusals */
export const typeTexts = defineMessages('dictionary.type', nameCodeInputs());
