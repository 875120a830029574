// Refusals and answers of data sources, data interfaces, their variables and interface authorisation.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('dataInterface', {
  // data sources
  defaultDb: { zh: '默认数据库', zhtw: '默認數據庫', en: 'Default database' },
  sourceNameRequired: { zh: '连接名称不能为空', zhtw: '連接名稱不能為空', en: 'The connection name cannot be empty' },
  sourceNameExists: { zh: '连接名称已存在', zhtw: '連接名稱已存在', en: 'This connection name is already taken' },
  sourceTypeInvalid: {
    zh: '数据库类型只能是PostgreSQL或MySQL',
    zhtw: '數據庫類型只能是PostgreSQL或MySQL',
    en: 'The database type must be PostgreSQL or MySQL',
  },
  hostRequired: { zh: '主机地址不能为空', zhtw: '主機地址不能為空', en: 'The host cannot be empty' },
  portInvalid: { zh: '端口只能是1到65535的整数', zhtw: '端口只能是1到65535的整數', en: 'The port must be 1 to 65535' },
  databaseRequired: { zh: '数据库名不能为空', zhtw: '數據庫名不能為空', en: 'The database name cannot be empty' },
  userRequired: { zh: '用户名不能为空', zhtw: '用戶名不能為空', en: 'The user name cannot be empty' },
  limitInvalid: { zh: '连接数只能是1到50的整数', zhtw: '連接數只能是1到50的整數', en: 'Connections must be 1 to 50' },
  connectOk: { zh: '连接成功', zhtw: '連接成功', en: 'Connected' },
  connectFailed: { zh: '连接失败：{reason}', zhtw: '連接失敗：{reason}', en: 'Connection failed: {reason}' },
  authFailed: {
    zh: '连接失败：用户名或密码错误',
    zhtw: '連接失敗：用戶名或密碼錯誤',
    en: 'Connection failed: wrong user name or password',
  },
  hostUnreachable: {
    zh: '连接失败：无法连接到数据库服务器',
    zhtw: '連接失敗：無法連接到數據庫服務器',
    en: 'Connection failed: the database server cannot be reached',
  },
  databaseMissing: {
    zh: '连接失败：数据库不存在',
    zhtw: '連接失敗：數據庫不存在',
    en: 'Connection failed: the database does not exist',
  },
  sourceNotFound: { zh: '数据连接不存在', zhtw: '數據連接不存在', en: 'The data connection does not exist' },
  sourceDisabled: { zh: '数据连接已停用', zhtw: '數據連接已停用', en: 'The data connection is disabled' },
  sourceInUse: {
    zh: '该数据连接已被数据接口引用，不能删除',
    zhtw: '該數據連接已被數據接口引用，不能刪除',
    en: 'Data interfaces use this connection; it cannot be deleted',
  },
  // data interfaces
  created: { zh: '接口创建成功', zhtw: '接口創建成功', en: 'Interface created' },
  stateChanged: { zh: '更新接口状态成功', zhtw: '更新接口狀態成功', en: 'Interface state updated' },
  requested: { zh: '接口请求成功', zhtw: '接口請求成功', en: 'Interface called' },
  categoryRequired: { zh: '分类不能为空', zhtw: '分類不能為空', en: 'The category cannot be empty' },
  categoryMissing: { zh: '分类不存在', zhtw: '分類不存在', en: 'The category does not exist' },
  typeInvalid: {
    zh: '接口类型只能是1（SQL）、2（静态数据）或3（API）',
    zhtw: '接口類型只能是1（SQL）、2（靜態數據）或3（API）',
    en: 'The type must be 1 (SQL), 2 (static data) or 3 (API)',
  },
  configInvalid: {
    zh: '接口配置不正确：{detail}',
    zhtw: '接口配置不正確：{detail}',
    en: 'Invalid configuration: {detail}',
  },
  disabled: { zh: '接口已停用', zhtw: '接口已停用', en: 'The interface is disabled' },
  notSpec: { zh: '接口不符合规范！', zhtw: '接口不符合規範！', en: 'The interface does not meet the specification!' },
  sensitiveWord: {
    zh: '当前SQL含有敏感字：{words}',
    zhtw: '當前SQL含有敏感字：{words}',
    en: 'The SQL contains refused words: {words}',
  },
  protectedTable: {
    zh: '当前SQL涉及受保护的平台数据：{names}',
    zhtw: '當前SQL涉及受保護的平台數據：{names}',
    en: 'The SQL touches protected platform data: {names}',
  },
  writeAdminOnly: {
    zh: '写入类SQL接口只能由管理员执行',
    zhtw: '寫入類SQL接口只能由管理員執行',
    en: 'Only administrators may run a writing SQL interface',
  },
  sqlEmpty: { zh: 'SQL语句不能为空', zhtw: 'SQL語句不能為空', en: 'The SQL cannot be empty' },
  multiStatement: { zh: 'SQL只能包含一条语句', zhtw: 'SQL只能包含一條語句', en: 'The SQL may hold only one statement' },
  paramUndefined: {
    zh: 'SQL中的参数{name}未定义',
    zhtw: 'SQL中的參數{name}未定義',
    en: 'The SQL parameter {name} is not declared',
  },
  paramRequired: { zh: '参数{name}不能为空', zhtw: '參數{name}不能為空', en: 'The parameter {name} is required' },
  paramInvalid: {
    zh: '参数{name}的值不是有效的{type}',
    zhtw: '參數{name}的值不是有效的{type}',
    en: 'The value of {name} is not a valid {type}',
  },
  sqlFailed: { zh: 'SQL执行失败：{reason}', zhtw: 'SQL執行失敗：{reason}', en: 'The SQL failed: {reason}' },
  sqlTimeout: {
    zh: 'SQL执行超时（超过{seconds}秒），已取消',
    zhtw: 'SQL執行超時（超過{seconds}秒），已取消',
    en: 'The SQL ran longer than {seconds} s and was cancelled',
  },
  tooManyRows: {
    zh: '查询结果超过{max}行，请增加条件或分页',
    zhtw: '查詢結果超過{max}行，請增加條件或分頁',
    en: 'The query returns more than {max} rows; add conditions or paging',
  },
  fieldUnknown: { zh: '结果中没有字段{name}', zhtw: '結果中沒有字段{name}', en: 'The result has no field {name}' },
  staticInvalid: {
    zh: '静态数据不是有效的JSON',
    zhtw: '靜態數據不是有效的JSON',
    en: 'The static data is not valid JSON',
  },
  httpFailed: { zh: '接口请求失败：{reason}', zhtw: '接口請求失敗：{reason}', en: 'The request failed: {reason}' },
  httpTimeout: {
    zh: '接口请求超时（超过{seconds}秒）',
    zhtw: '接口請求超時（超過{seconds}秒）',
    en: 'The request took longer than {seconds} s',
  },
  httpTooLarge: {
    zh: '接口返回数据超过{size}',
    zhtw: '接口返回數據超過{size}',
    en: 'The response is larger than {size}',
  },
  httpStatus: {
    zh: '接口返回HTTP状态{status}',
    zhtw: '接口返回HTTP狀態{status}',
    en: 'The server answered HTTP {status}',
  },
  httpDestination: {
    zh: '不允许访问该地址：{host}',
    zhtw: '不允許訪問該地址：{host}',
    en: 'This address may not be called: {host}',
  },
  httpUrlInvalid: { zh: '接口地址不正确', zhtw: '接口地址不正確', en: 'The URL is not valid' },
  scriptFailed: {
    zh: '数据处理脚本出错：{reason}',
    zhtw: '數據處理腳本出錯：{reason}',
    en: 'The data script failed: {reason}',
  },
  scriptTimeout: {
    zh: '数据处理脚本运行超过{seconds}秒，已停止',
    zhtw: '數據處理腳本運行超過{seconds}秒，已停止',
    en: 'The data script ran longer than {seconds} s and was stopped',
  },
  scriptMemory: {
    zh: '数据处理脚本占用内存超过限制，已停止',
    zhtw: '數據處理腳本佔用內存超過限制，已停止',
    en: 'The data script used too much memory and was stopped',
  },
  exceptionCheck: {
    zh: '接口数据异常校验未通过',
    zhtw: '接口數據異常校驗未通過',
    en: 'The data failed the exception check',
  },
  resultTooLarge: {
    zh: '接口结果超过{size}',
    zhtw: '接口結果超過{size}',
    en: 'The result is larger than {size}',
  },
  importWrongFormat: {
    zh: '文件不是数据接口导出的文件',
    zhtw: '文件不是數據接口導出的文件',
    en: 'The file is not a data-interface export',
  },
  importSkipped: {
    zh: '接口名称或编码已存在，已跳过',
    zhtw: '接口名稱或編碼已存在，已跳過',
    en: 'An interface with this name or code exists; skipped',
  },
  copyNotFound: {
    zh: '复制失败，数据不存在',
    zhtw: '複製失敗，數據不存在',
    en: 'Copy failed: the record does not exist',
  },
  // variables
  variateNameRequired: { zh: '变量名不能为空', zhtw: '變量名不能為空', en: 'The variable name cannot be empty' },
  variateNameAt: {
    zh: '变量名不能包含敏感字符',
    zhtw: '變量名不能包含敏感字符',
    en: 'The variable name may not contain "@"',
  },
  variateExists: { zh: '变量名已存在', zhtw: '變量名已存在', en: 'This variable name is already taken' },
  interfaceRequired: { zh: '请选择数据接口', zhtw: '請選擇數據接口', en: 'Choose a data interface' },
  interfaceMissing: { zh: '数据接口不存在', zhtw: '數據接口不存在', en: 'The data interface does not exist' },
  variateLoop: {
    zh: '接口变量引用层级过深',
    zhtw: '接口變量引用層級過深',
    en: 'Interface variables refer to each other too deeply',
  },
  // interface authorisation
  appIdRequired: { zh: 'appId不能为空', zhtw: 'appId不能為空', en: 'The appId cannot be empty' },
  appIdInvalid: {
    zh: 'appId只能包含字母、数字、下划线和横线',
    zhtw: 'appId只能包含字母、數字、下劃線和橫線',
    en: 'The appId may hold letters, digits, _ and - only',
  },
  appNameRequired: { zh: '应用名称不能为空', zhtw: '應用名稱不能為空', en: 'The application name cannot be empty' },
  appSecretRequired: {
    zh: 'appSecret不能为空（至少16位）',
    zhtw: 'appSecret不能為空（至少16位）',
    en: 'The appSecret is required (16 characters at least)',
  },
  appIdExists: { zh: 'appId已存在', zhtw: 'appId已存在', en: 'This appId is already taken' },
  authMissing: {
    zh: '缺少认证信息（X-App-Id、X-Timestamp、X-Nonce、X-Signature）',
    zhtw: '缺少認證信息（X-App-Id、X-Timestamp、X-Nonce、X-Signature）',
    en: 'Authentication headers are missing (X-App-Id, X-Timestamp, X-Nonce, X-Signature)',
  },
  appUnknown: { zh: '应用不存在或已停用', zhtw: '應用不存在或已停用', en: 'Unknown or disabled application' },
  appExpired: { zh: '应用已过有效期', zhtw: '應用已過有效期', en: 'The application has expired' },
  signatureInvalid: { zh: '签名错误', zhtw: '簽名錯誤', en: 'Wrong signature' },
  timestampExpired: {
    zh: '请求时间戳无效或已过期',
    zhtw: '請求時間戳無效或已過期',
    en: 'The timestamp is invalid or expired',
  },
  replayed: { zh: '重复的请求（nonce已使用）', zhtw: '重複的請求（nonce已使用）', en: 'Repeated request (nonce used)' },
  ipDenied: {
    zh: '请求地址不在白名单内',
    zhtw: '請求地址不在白名單內',
    en: 'The caller address is not in the white list',
  },
  interfaceNotGranted: {
    zh: '该应用无权调用此接口',
    zhtw: '該應用無權調用此接口',
    en: 'The application may not call this interface',
  },
  oauthNotFound: { zh: '认证应用不存在', zhtw: '認證應用不存在', en: 'The application does not exist' },
});
