// Refusals and answers of system configuration, administrators and third-party synchronisation.
// Chinese texts of the reference verbatim where it has them.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('sysConfig', {
  whitelistExcludesYou: {
    zh: '白名单不包含您当前的IP地址（{ip}），保存后将无法登录',
    zhtw: '白名單不包含您當前的IP地址（{ip}），保存後將無法登錄',
    en: 'The whitelist does not include your current address ({ip}); you could no longer sign in',
  },
  adminListEmpty: { zh: '请至少选择一个管理员', zhtw: '請至少選擇一個管理員', en: 'Choose at least one administrator' },
  adminOnly: {
    zh: '只有管理员可以设置管理员',
    zhtw: '只有管理員可以設置管理員',
    en: 'Only administrators can choose administrators',
  },
  adminKeepSelf: {
    zh: '不能取消自己的管理员权限',
    zhtw: '不能取消自己的管理員權限',
    en: 'You cannot remove your own administrator right',
  },
  adminUserMissing: { zh: '所选用户不存在', zhtw: '所選用戶不存在', en: 'A chosen user does not exist' },
  adminNoneEnabled: {
    zh: '至少需要保留一个启用的管理员',
    zhtw: '至少需要保留一個啟用的管理員',
    en: 'At least one enabled administrator must remain',
  },
  required: { zh: '{name}不能为空', zhtw: '{name}不能為空', en: '{name} cannot be empty' },
  corpIdRequired: { zh: '企业号Id不能为空', zhtw: '企業號Id不能為空', en: 'The WeCom CorpId cannot be empty' },
  agentSecretRequired: { zh: '凭证密钥不能为空', zhtw: '憑證密鑰不能為空', en: 'The WeCom app secret cannot be empty' },
  corpSecretRequired: { zh: '同步密钥不能为空', zhtw: '同步密鑰不能為空', en: 'The WeCom sync secret cannot be empty' },
  appKeyRequired: { zh: '应用凭证不能为空', zhtw: '應用憑證不能為空', en: 'The DingTalk AppKey cannot be empty' },
  appSecretRequired: { zh: '凭证密钥不能为空', zhtw: '憑證密鑰不能為空', en: 'The DingTalk AppSecret cannot be empty' },
  testTypeWrong: { zh: '测试连接类型错误', zhtw: '測試連接類型錯誤', en: 'Unknown connection test type' },
  qyMessageOk: { zh: '测试发送消息连接成功', zhtw: '測試發送消息連接成功', en: 'WeCom messaging connection works' },
  qyMessageFail: {
    zh: '测试发送消息的连接失败：{detail}',
    zhtw: '測試發送消息的連接失敗：{detail}',
    en: 'WeCom messaging connection failed: {detail}',
  },
  qySyncOk: { zh: '测试组织同步连接成功', zhtw: '測試組織同步連接成功', en: 'WeCom synchronisation connection works' },
  qySyncFail: {
    zh: '测试组织同步的连接失败：{detail}',
    zhtw: '測試組織同步的連接失敗：{detail}',
    en: 'WeCom synchronisation connection failed: {detail}',
  },
  dingOk: { zh: '测试钉钉连接成功', zhtw: '測試釘釘連接成功', en: 'DingTalk connection works' },
  dingFail: {
    zh: '测试钉钉连接失败：{detail}',
    zhtw: '測試釘釘連接失敗：{detail}',
    en: 'DingTalk connection failed: {detail}',
  },
  timeout: { zh: '{s}秒内未响应', zhtw: '{s}秒內未響應', en: 'no answer within {s} seconds' },
  network: { zh: '无法连接到服务器', zhtw: '無法連接到伺服器', en: 'could not reach the server' },
  badResponse: { zh: '返回的数据格式错误', zhtw: '返回的數據格式錯誤', en: 'the answer was not valid' },
  remote: { zh: '{message}（错误码{code}）', zhtw: '{message}（錯誤碼{code}）', en: '{message} (code {code})' },
  qyNotConfigured: {
    zh: '企业微信未配置：请先填写并保存企业号Id和同步密钥',
    zhtw: '企業微信未配置：請先填寫並保存企業號Id和同步密鑰',
    en: 'WeCom is not configured: enter and save the CorpId and the sync secret first',
  },
  dingNotConfigured: {
    zh: '钉钉未配置：请先填写并保存应用凭证和凭证密钥',
    zhtw: '釘釘未配置：請先填寫並保存應用憑證和憑證密鑰',
    en: 'DingTalk is not configured: enter and save the AppKey and AppSecret first',
  },
  qyTokenFail: {
    zh: '获取企业微信access_token失败：{detail}',
    zhtw: '獲取企業微信access_token失敗：{detail}',
    en: 'Could not get a WeCom access token: {detail}',
  },
  dingTokenFail: {
    zh: '获取钉钉的access_token失败：{detail}',
    zhtw: '獲取釘釘的access_token失敗：{detail}',
    en: 'Could not get a DingTalk access token: {detail}',
  },
  synInProgress: {
    zh: '正在进行同步，请稍后再试',
    zhtw: '正在進行同步，請稍後再試',
    en: 'A synchronisation is running; try again later',
  },
  qyToSysUnsupported: {
    zh: '暂不支持从企业微信同步到本系统',
    zhtw: '暫不支持從企業微信同步到本系統',
    en: 'Synchronising from WeCom into this system is not supported',
  },
  dingToSysUnsupported: {
    zh: '暂不支持从钉钉同步到本系统',
    zhtw: '暫不支持從釘釘同步到本系統',
    en: 'Synchronising from DingTalk into this system is not supported',
  },
  qyOrgFirst: {
    zh: '请先同步组织到企业微信',
    zhtw: '請先同步組織到企業微信',
    en: 'Synchronise the organisations to WeCom first',
  },
  dingOrgFirst: {
    zh: '请先同步组织到钉钉',
    zhtw: '請先同步組織到釘釘',
    en: 'Synchronise the organisations to DingTalk first',
  },
  synDone: { zh: '同步完成', zhtw: '同步完成', en: 'Synchronisation finished' },
});
