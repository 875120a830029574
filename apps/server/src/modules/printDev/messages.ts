// Refusals and answers of print templates (打印模板) and their print log.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('printDev', {
  pdfNotConfigured: {
    zh: 'PDF下载未配置：服务器上找不到Chromium（{path}）',
    zhtw: 'PDF下載未配置：伺服器上找不到Chromium（{path}）',
    en: 'PDF download is not configured: no Chromium on the server ({path})',
  },
  pdfBusy: {
    zh: '正在生成的PDF较多，请稍后再试',
    zhtw: '正在生成的PDF較多，請稍後再試',
    en: 'Too many PDFs are being made; try again shortly',
  },
  pdfFailed: { zh: 'PDF生成失败', zhtw: 'PDF生成失敗', en: 'The PDF could not be made' },
  pdfCancelled: {
    zh: 'PDF生成已取消：请求已断开',
    zhtw: 'PDF生成已取消：請求已斷開',
    en: 'Making the PDF was cancelled: the request was closed',
  },
  pdfTimeout: {
    zh: 'PDF生成超时（超过{seconds}秒）：文档过大或过于复杂，请减少每次下载的页数',
    zhtw: 'PDF生成逾時（超過{seconds}秒）：文檔過大或過於複雜，請減少每次下載的頁數',
    en: 'Making the PDF took too long (over {seconds} s): the document is too large or complex; download fewer pages at a time',
  },
  pdfBodyTooLarge: {
    zh: '要生成PDF的打印页和图片过大（超过{size}），请减少每次下载的页数或图片',
    zhtw: '要生成PDF的打印頁和圖片過大（超過{size}），請減少每次下載的頁數或圖片',
    en: 'The printed pages and pictures to make the PDF of are too large (over {size}); download fewer pages or pictures at a time',
  },
  pdfTooManyPages: {
    zh: '一次最多下载{max}页PDF，请分批下载',
    zhtw: '一次最多下載{max}頁PDF，請分批下載',
    en: 'At most {max} pages can be downloaded as one PDF; download them in parts',
  },
  pdfPagesRequired: {
    zh: '请提供要生成PDF的打印页',
    zhtw: '請提供要生成PDF的打印頁',
    en: 'Send the printed pages to make the PDF of',
  },
  categoryRequired: { zh: '分类不能为空', zhtw: '分類不能為空', en: 'The category cannot be empty' },
  categoryMissing: { zh: '分类不存在', zhtw: '分類不存在', en: 'The category does not exist' },
  typeInvalid: {
    zh: '类型只能是1（流程表单）或2（功能表单）',
    zhtw: '類型只能是1（流程表單）或2（功能表單）',
    en: 'The type must be 1 (workflow form) or 2 (function form)',
  },
  sourceTypeInvalid: {
    zh: '数据来源只能是1（SQL）或2（在线表单）',
    zhtw: '數據來源只能是1（SQL）或2（在線表單）',
    en: 'The data source must be 1 (SQL) or 2 (online form)',
  },
  sqlTemplateInvalid: {
    zh: 'SQL模板格式不正确',
    zhtw: 'SQL模板格式不正確',
    en: 'The SQL template is not valid',
  },
  sqlMainRequired: {
    zh: '请设置主表SQL',
    zhtw: '請設置主表SQL',
    en: 'Write the SQL of the main record first',
  },
  sqlSensitive: {
    zh: '当前查询SQL包含敏感字：{words}',
    zhtw: '當前查詢SQL包含敏感字：{words}',
    en: 'The query contains refused words: {words}',
  },
  sqlTooLong: {
    zh: 'SQL语句过长，最多{max}个字符',
    zhtw: 'SQL語句過長，最多{max}個字符',
    en: 'The SQL is too long (at most {max} characters)',
  },
  tooManyQueries: {
    zh: 'SQL语句最多{max}条',
    zhtw: 'SQL語句最多{max}條',
    en: 'At most {max} SQL queries',
  },
  formModelRequired: {
    zh: '请选择在线表单',
    zhtw: '請選擇在線表單',
    en: 'Choose the online form',
  },
  pageParamInvalid: {
    zh: '页面参数格式不正确',
    zhtw: '頁面參數格式不正確',
    en: 'The page settings are not valid',
  },
  templateMissing: { zh: '打印模板不存在', zhtw: '打印模板不存在', en: 'The print template does not exist' },
  templateDisabled: { zh: '打印模板已停用', zhtw: '打印模板已停用', en: 'The print template is disabled' },
  formIdRequired: {
    zh: '请选择要打印的数据',
    zhtw: '請選擇要打印的數據',
    en: 'Choose the records to print',
  },
  batchTooLarge: {
    zh: '一次最多打印{max}条数据',
    zhtw: '一次最多打印{max}條數據',
    en: 'At most {max} records can be printed at once',
  },
  recordMissing: {
    zh: '打印数据不存在或无权查看',
    zhtw: '打印數據不存在或無權查看',
    en: 'The record to print does not exist or you may not see it',
  },
  formNotGranted: {
    zh: '没有权限打印该功能的数据',
    zhtw: '沒有權限打印該功能的數據',
    en: 'You may not print the records of this function',
  },
  sqlPrintNotAllowed: {
    zh: '没有权限使用该打印模板',
    zhtw: '沒有權限使用該打印模板',
    en: 'You may not print with this template',
  },
  stateChanged: { zh: '更新状态成功', zhtw: '更新狀態成功', en: 'State updated' },
  copyNotFound: {
    zh: '复制失败，数据不存在',
    zhtw: '複製失敗，數據不存在',
    en: 'Copy failed: the record does not exist',
  },
  importWrongFormat: {
    zh: '文件不是打印模板导出的文件',
    zhtw: '文件不是打印模板導出的文件',
    en: 'The file is not an exported print template',
  },
  importSkipped: {
    zh: '模板名称或编码已存在，已跳过',
    zhtw: '模板名稱或編碼已存在，已跳過',
    en: 'A template with this name or code exists; skipped',
  },
  mainTable: { zh: '主表', zhtw: '主表', en: 'Main' },
});
