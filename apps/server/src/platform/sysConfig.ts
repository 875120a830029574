// System configuration: key/value rows (category SysConfig), read through a cache every process shares
// the invalidation of. Every key of the reference's configuration with its type and default.
import { isIPv6 } from 'node:net';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { checkPasswordPolicy, DEFAULT_SYSTEM_TITLE, fieldRules, format, type Localized } from '@jnpf/core';
import type { Db, Tx } from '../db/client.js';
import { sysConfig } from '../db/schema/index.js';
import { defineMessages } from './i18n.js';
import type { Bus } from './kv.js';
import { SharedValue } from './sharedCache.js';
import { msg } from './validation.js';

// ---- per-field messages ------------------------------------------------------------------------------------
// Every rule of every key has its own message naming the field, in the three languages, registered under
// "sysConfigField.<key>.<rule>" so that a refused save says exactly which setting is wrong and why.

const L = (zh: string, zhtw: string, en: string): Localized => ({ zh, zhtw, en });

const templates = {
  range: L(
    '{label}须为{min}到{max}之间的整数',
    '{label}須為{min}到{max}之間的整數',
    '{label} must be a whole number from {min} to {max}',
  ),
  oneOf: L('{label}只能为{values}', '{label}只能為{values}', '{label} must be {values}'),
  text: L(
    '{label}须为不超过{max}个字符的文本',
    '{label}須為不超過{max}個字元的文本',
    '{label} must be text of at most {max} characters',
  ),
  control: L('{label}不能包含控制字符', '{label}不能包含控制字元', '{label} cannot contain control characters'),
  email: L(
    '{label}格式错误，请正确输入邮箱地址',
    '{label}格式錯誤，請正確輸入郵箱地址',
    '{label} is not a valid email address',
  ),
  port: L(
    '{label}须为1到65535之间的端口号',
    '{label}須為1到65535之間的埠號',
    '{label} must be a port number from 1 to 65535',
  ),
  host: L(
    '{label}须为有效的主机名或IP地址',
    '{label}須為有效的主機名或IP地址',
    '{label} must be a valid host name or IP address',
  ),
  url: L(
    '{label}须为http或https开头的网址',
    '{label}須為http或https開頭的網址',
    '{label} must be an http or https address',
  ),
  image: L(
    '{label}须为图片文件名、站内路径或http(s)网址',
    '{label}須為圖片文件名、站內路徑或http(s)網址',
    '{label} must be an image file name, a site path or an http(s) address',
  ),
  phone: L(
    '{label}只能包含数字、空格和+-()',
    '{label}只能包含數字、空格和+-()',
    '{label} may contain only digits, spaces and + - ( )',
  ),
  whitelist: L(
    '{label}格式错误：多个IP用英文逗号隔开，如192.168.0.1,192.168.0.*',
    '{label}格式錯誤：多個IP用英文逗號隔開，如192.168.0.1,192.168.0.*',
    '{label} is not valid: separate addresses with commas, e.g. 192.168.0.1,192.168.0.*',
  ),
  password: L(
    '{label}须为1到50个字符，不能包含空格',
    '{label}須為1到50個字元，不能包含空格',
    '{label} must be 1 to 50 characters without spaces',
  ),
} satisfies Record<string, Localized>;

const orWord = L('或', '或', ' or ');

/** registers one rule's message for one key and returns it in the form zod issues carry ("@key") */
function fieldMessage(
  key: string,
  label: Localized,
  rule: keyof typeof templates,
  params: Record<string, string | number | ((lang: keyof Localized) => string)> = {},
): string {
  const render = (lang: keyof Localized) =>
    format(templates[rule][lang], {
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'function' ? v(lang) : v])),
      label: label[lang],
    });
  const [full] = Object.values(
    defineMessages('sysConfigField', {
      [`${key}.${rule}`]: { zh: render('zh'), zhtw: render('zhtw'), en: render('en') },
    }),
  );
  return msg(full!);
}

// ---- field kinds -------------------------------------------------------------------------------------------

// PostgreSQL text cannot hold NUL, and no setting needs control characters (descriptions may hold line breaks)
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** a whole number in [min, max]; the client sends numbers, stored rows hold digit strings */
function int(key: string, label: Localized, min: number, max: number) {
  const message = fieldMessage(key, label, 'range', { min, max });
  return z
    .union(
      [z.number({ error: message }), z.string({ error: message }).regex(/^\s*-?\d{1,15}\s*$/, { error: message })],
      {
        error: message,
      },
    )
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

/** one of a few whole numbers (modes 1/2, switches 0/1); a switch also takes true/false for 1/0 */
function oneOf(key: string, label: Localized, values: readonly number[], acceptBoolean = false) {
  const message = choiceMessage(key, label, values);
  const forms = [z.number(), z.string().regex(/^\s*-?\d{1,3}\s*$/, { error: message })] as const;
  return z
    .union(acceptBoolean ? [...forms, z.boolean()] : forms, { error: message })
    .transform((v) => Number(typeof v === 'string' ? v.trim() : v))
    .refine((v) => values.includes(v), { error: message });
}

/** "{label} must be 1 or 2", joined with each language's own word */
const choiceMessage = (key: string, label: Localized, values: readonly number[]) =>
  fieldMessage(key, label, 'oneOf', { values: (lang) => values.join(orWord[lang]) });

const flag = (key: string, label: Localized) => oneOf(key, label, [0, 1], true);

/** text of at most max characters, without control characters; optionally '' or matching a format */
function text(
  key: string,
  label: Localized,
  max: number,
  formatRule?: { test: (v: string) => boolean; rule: keyof typeof templates },
) {
  const tooLong = fieldMessage(key, label, 'text', { max });
  let schema = z
    .string({ error: tooLong })
    .max(max, { error: tooLong })
    .refine((v) => !CONTROL.test(v), { error: fieldMessage(key, label, 'control') });
  if (formatRule) {
    const bad = fieldMessage(key, label, formatRule.rule);
    schema = schema.refine((v) => v === '' || formatRule.test(v), { error: bad });
  }
  return schema;
}

/** a number kept as a string (the reference stores hours and ports as strings); a port may be left empty */
function numericText(key: string, label: Localized, min: number, max: number, rule: 'range' | 'port' = 'range') {
  const message = fieldMessage(key, label, rule, { min, max });
  return z
    .union([z.number({ error: message }), z.string({ error: message })], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => (rule === 'port' && v === '') || (/^\d{1,10}$/.test(v) && Number(v) >= min && Number(v) <= max), {
      error: message,
    });
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
// a prefix ends in ".*" after one to three whole octets (the sign-in check matches it as a prefix)
const IPV4_PREFIX = new RegExp(`^${OCTET}(?:\\.${OCTET}){0,2}\\.\\*$`);
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** the entries of an IP whitelist as the sign-in check splits them */
export const whitelistEntries = (list: string) =>
  list
    .split(/[,，\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);

const validWhitelist = (list: string) =>
  whitelistEntries(list).every((e) => IPV4.test(e) || IPV4_PREFIX.test(e) || isIPv6(e));
const validHost = (v: string) => HOSTNAME.test(v) || IPV4.test(v) || isIPv6(v);
const validUrl = (v: string) => {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(v)) return false;
  try {
    return Boolean(new URL(v).host);
  } catch {
    return false;
  }
};
// an uploaded image's file name, a path on this site, or an http(s) address; never another scheme
const validImageRef = (v: string) => /^(?:https?:\/\/|\/)?[^\s"'<>\\:]+$/i.test(v) || validUrl(v);

const label = {
  sysName: L('系统名称', '系統名稱', 'System name'),
  sysDescription: L('系统描述', '系統描述', 'System description'),
  sysVersion: L('系统版本', '系統版本', 'System version'),
  copyright: L('版权信息', '版權信息', 'Copyright'),
  title: L('系统标题', '系統標題', 'Window title'),
  companyName: L('公司名称', '公司名稱', 'Company name'),
  companyCode: L('公司简称', '公司簡稱', 'Company short name'),
  companyAddress: L('公司地址', '公司地址', 'Company address'),
  companyContacts: L('公司法人', '公司法人', 'Company legal representative'),
  companyTelePhone: L('公司电话', '公司電話', 'Company telephone'),
  companyEmail: L('公司邮箱', '公司郵箱', 'Company email'),
  loginIcon: L('登录图标', '登錄圖標', 'Sign-in icon'),
  navigationIcon: L('导航图标', '導航圖標', 'Navigation icon'),
  logoIcon: L('LOGO图标', 'LOGO圖標', 'Logo icon'),
  appIcon: L('APP图标', 'APP圖標', 'App icon'),
  workLogoIcon: L('工作台图标', '工作臺圖標', 'Workbench icon'),
  jnpfDomain: L('系统域名', '系統域名', 'System domain'),
  singleLogin: L('登录方式', '登錄方式', 'Sign-in mode'),
  tokenTimeout: L('超时登出（分钟）', '超時登出（分鐘）', 'Session timeout (minutes)'),
  lastLoginTimeSwitch: L('登录提示语', '登錄提示語', 'Last sign-in notice'),
  whitelistSwitch: L('白名单验证', '白名單驗證', 'IP whitelist check'),
  whiteListIp: L('白名单设置', '白名單設置', 'IP whitelist'),
  passwordErrorsNumber: L('密码错误次数', '密碼錯誤次數', 'Wrong password attempts'),
  lockType: L('锁定方式', '鎖定方式', 'Lock mode'),
  lockTime: L('延迟时间（分钟）', '延遲時間（分鐘）', 'Lock delay (minutes)'),
  enableVerificationCode: L('登录验证码', '登錄驗證碼', 'Sign-in captcha'),
  verificationCodeNumber: L('验证码位数', '驗證碼位數', 'Captcha length'),
  emailPop3Host: L('POP3服务器', 'POP3伺服器', 'POP3 host'),
  emailPop3Port: L('POP3端口', 'POP3埠', 'POP3 port'),
  emailSmtpHost: L('SMTP服务器', 'SMTP伺服器', 'SMTP host'),
  emailSmtpPort: L('SMTP端口', 'SMTP埠', 'SMTP port'),
  emailSenderName: L('发件人名称', '發件人名稱', 'Sender name'),
  emailAccount: L('邮箱账号', '郵箱帳號', 'Mail account'),
  emailPassword: L('邮箱密码', '郵箱密碼', 'Mail password'),
  emailSsl: L('SSL', 'SSL', 'SSL'),
  registerKey: L('注册码', '註冊碼', 'Licence key'),
  lastLoginTime: L('上次登录时间', '上次登錄時間', 'Last sign-in time'),
  pageSize: L('分页大小', '分頁大小', 'Page size'),
  sysTheme: L('系统主题', '系統主題', 'System theme'),
  isLog: L('日志开关', '日誌開關', 'Logging'),
  smsCompany: L('短信服务商', '簡訊服務商', 'SMS provider'),
  aliAccessKey: L('阿里云AccessKey', '阿里雲AccessKey', 'Aliyun AccessKey'),
  aliSecret: L('阿里云AccessSecret', '阿里雲AccessSecret', 'Aliyun AccessSecret'),
  tencentSecretId: L('腾讯云SecretId', '騰訊雲SecretId', 'Tencent SecretId'),
  tencentSecretKey: L('腾讯云SecretKey', '騰訊雲SecretKey', 'Tencent SecretKey'),
  tencentAppId: L('腾讯云AppId', '騰訊雲AppId', 'Tencent AppId'),
  tencentAppKey: L('腾讯云AppKey', '騰訊雲AppKey', 'Tencent AppKey'),
  smsSignName: L('短信签名', '簡訊簽名', 'SMS signature name'),
  smsLoginTemplate: L('登录验证码模板', '登錄驗證碼模板', 'Sign-in code template'),
  qyhCorpId: L('企业号Id', '企業號Id', 'WeCom CorpId'),
  qyhAgentId: L('应用凭证', '應用憑證', 'WeCom AgentId'),
  qyhAgentSecret: L('凭证密钥', '憑證密鑰', 'WeCom app secret'),
  qyhCorpSecret: L('同步密钥', '同步密鑰', 'WeCom sync secret'),
  qyhIsSynOrg: L('企业微信同步组织', '企業微信同步組織', 'WeCom organisation sync'),
  qyhIsSynUser: L('企业微信同步用户', '企業微信同步用戶', 'WeCom user sync'),
  dingSynAppKey: L('钉钉应用凭证', '釘釘應用憑證', 'DingTalk AppKey'),
  dingSynAppSecret: L('钉钉凭证密钥', '釘釘憑證密鑰', 'DingTalk AppSecret'),
  dingAgentId: L('钉钉企业号Id', '釘釘企業號Id', 'DingTalk AgentId'),
  dingSynIsSynOrg: L('钉钉同步组织', '釘釘同步組織', 'DingTalk organisation sync'),
  dingSynIsSynUser: L('钉钉同步用户', '釘釘同步用戶', 'DingTalk user sync'),
  linkTime: L('链接时效性（小时）', '鏈接時效性（小時）', 'Approval link validity (hours)'),
  isClick: L('链接点击失效', '鏈接點擊失效', 'Link click limit'),
  unClickNum: L('失效次数', '失效次數', 'Clicks before a link expires'),
  passwordIsUpdatedRegularly: L('密码定期更新', '密碼定期更新', 'Periodic password change'),
  updateCycle: L('更新周期（天）', '更新周期（天）', 'Change cycle (days)'),
  updateInAdvance: L('提前提醒天数', '提前提醒天數', 'Reminder days in advance'),
  passwordStrengthLimit: L('密码强度限制', '密碼強度限制', 'Password strength rules'),
  passwordLengthMin: L('最小长度', '最小長度', 'Minimum length rule'),
  passwordLengthMinNumber: L('最小长度位数', '最小長度位數', 'Minimum password length'),
  containsNumbers: L('包含数字', '包含數字', 'Must contain a digit'),
  includeLowercaseLetters: L('包含小写字母', '包含小寫字母', 'Must contain a lowercase letter'),
  includeUppercaseLetters: L('包含大写字母', '包含大寫字母', 'Must contain an uppercase letter'),
  containsCharacters: L('包含字符', '包含字元', 'Must contain a special character'),
  disableOldPassword: L('禁用旧密码', '禁用舊密碼', 'Forbid old passwords'),
  disableTheNumberOfOldPasswords: L('禁用个数', '禁用個數', 'Old passwords forbidden'),
  mandatoryModificationOfInitialPassword: L('修改初始密码提醒', '修改初始密碼提醒', 'Initial password change reminder'),
  newUserDefaultPassword: L('新用户默认密码', '新用戶默認密碼', 'Default password of new users'),
} satisfies Record<string, Localized>;

type Key = keyof typeof label;
const t = (key: Key, max = 500, rule?: Parameters<typeof text>[3]) => text(key, label[key], max, rule);
const i = (key: Key, min: number, max: number) => int(key, label[key], min, max);
const f = (key: Key) => flag(key, label[key]);

const crossField = {
  whitelistEmpty: L(
    '开启白名单验证时，白名单设置不能为空',
    '開啟白名單驗證時，白名單設置不能為空',
    'The IP whitelist cannot be empty while the whitelist check is on',
  ),
  advanceNotBeforeCycle: L(
    '提前提醒天数须小于更新周期',
    '提前提醒天數須小於更新周期',
    'The reminder must come fewer days ahead than the change cycle',
  ),
  noStrengthRule: L(
    '开启密码强度限制时，至少选择一项规则',
    '開啟密碼強度限制時，至少選擇一項規則',
    'Choose at least one rule when password strength rules are on',
  ),
  defaultPasswordWeak: L(
    '新用户默认密码不符合当前密码强度规则',
    '新用戶默認密碼不符合當前密碼強度規則',
    'The default password of new users does not meet the password strength rules',
  ),
} satisfies Record<string, Localized>;
const crossFieldKeys = defineMessages('sysConfigRule', crossField);

/** every key of the reference with its type, range or format, and default; the object checks combinations */
export const sysConfigSchema = z
  .object({
    sysName: t('sysName', 100).default(DEFAULT_SYSTEM_TITLE.zh),
    sysDescription: t('sysDescription', 2000).default(''),
    sysVersion: t('sysVersion', 50).default('3.6.0'),
    copyright: t('copyright', 200).default('Copyright © 2026 JNPF'),
    title: t('title', 100).default(DEFAULT_SYSTEM_TITLE.zh),
    companyName: t('companyName', 200).default(''),
    companyCode: t('companyCode', 100).default(''),
    companyAddress: t('companyAddress').default(''),
    companyContacts: t('companyContacts', 100).default(''),
    companyTelePhone: t('companyTelePhone', 50, { test: (v) => /^[0-9+\-() ]{3,50}$/.test(v), rule: 'phone' }).default(
      '',
    ),
    companyEmail: t('companyEmail', 200, { test: (v) => fieldRules.email.test(v), rule: 'email' }).default(''),
    loginIcon: t('loginIcon', 500, { test: validImageRef, rule: 'image' }).default(''),
    navigationIcon: t('navigationIcon', 500, { test: validImageRef, rule: 'image' }).default(''),
    logoIcon: t('logoIcon', 500, { test: validImageRef, rule: 'image' }).default(''),
    appIcon: t('appIcon', 500, { test: validImageRef, rule: 'image' }).default(''),
    workLogoIcon: t('workLogoIcon', 500, { test: validImageRef, rule: 'image' }).default(''),
    jnpfDomain: t('jnpfDomain', 500, { test: validUrl, rule: 'url' }).default(''),
    /** 1: a newer sign-in ends the older session; 2: concurrent sessions allowed */
    singleLogin: oneOf('singleLogin', label.singleLogin, [1, 2]).default(2),
    /** minutes of inactivity before a session ends (at most 30 days) */
    tokenTimeout: i('tokenTimeout', 1, 60 * 24 * 30).default(720),
    lastLoginTimeSwitch: f('lastLoginTimeSwitch').default(1),
    whitelistSwitch: f('whitelistSwitch').default(0),
    /** addresses and prefixes ("192.168.1.*") separated by commas or spaces */
    whiteListIp: t('whiteListIp', 2000, { test: validWhitelist, rule: 'whitelist' }).default(''),
    /** consecutive wrong passwords before the lock policy applies; below 3 the policy is off */
    passwordErrorsNumber: i('passwordErrorsNumber', 0, 100).default(6),
    /** 1: locked until an administrator unlocks; 2: sign-in refused for lockTime minutes */
    lockType: oneOf('lockType', label.lockType, [1, 2]).default(1),
    lockTime: i('lockTime', 1, 60 * 24).default(10),
    enableVerificationCode: f('enableVerificationCode').default(0),
    verificationCodeNumber: i('verificationCodeNumber', 3, 8).default(4),
    emailPop3Host: t('emailPop3Host', 253, { test: validHost, rule: 'host' }).default(''),
    emailPop3Port: numericText('emailPop3Port', label.emailPop3Port, 1, 65535, 'port').default(''),
    emailSmtpHost: t('emailSmtpHost', 253, { test: validHost, rule: 'host' }).default(''),
    emailSmtpPort: numericText('emailSmtpPort', label.emailSmtpPort, 1, 65535, 'port').default(''),
    emailSenderName: t('emailSenderName', 100).default(''),
    emailAccount: t('emailAccount', 200, { test: (v) => fieldRules.email.test(v), rule: 'email' }).default(''),
    emailPassword: t('emailPassword', 200).default(''),
    emailSsl: f('emailSsl').default(0),
    registerKey: t('registerKey').default(''),
    // forced by the server on every save (the reference does the same)
    lastLoginTime: i('lastLoginTime', 0, 1).default(1),
    pageSize: i('pageSize', 1, 500).default(30),
    sysTheme: t('sysTheme', 20).default('1'),
    isLog: t('isLog', 5).default('1'),
    /** 1 Aliyun, 2 Tencent Cloud */
    smsCompany: z
      .union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], {
        error: choiceMessage('smsCompany', label.smsCompany, [1, 2]),
      })
      .transform(String)
      .default('1'),
    aliAccessKey: t('aliAccessKey', 200).default(''),
    aliSecret: t('aliSecret', 200).default(''),
    tencentSecretId: t('tencentSecretId', 200).default(''),
    tencentSecretKey: t('tencentSecretKey', 200).default(''),
    tencentAppId: t('tencentAppId', 200).default(''),
    tencentAppKey: t('tencentAppKey', 200).default(''),
    /** the signature and the template (Aliyun TemplateCode, Tencent TemplateId) of the sign-in code message */
    smsSignName: t('smsSignName', 100).default(''),
    smsLoginTemplate: t('smsLoginTemplate', 100).default(''),
    qyhCorpId: t('qyhCorpId', 200).default(''),
    qyhAgentId: t('qyhAgentId', 200).default(''),
    qyhAgentSecret: t('qyhAgentSecret', 200).default(''),
    qyhCorpSecret: t('qyhCorpSecret', 200).default(''),
    qyhIsSynOrg: f('qyhIsSynOrg').default(0),
    qyhIsSynUser: f('qyhIsSynUser').default(0),
    dingSynAppKey: t('dingSynAppKey', 200).default(''),
    dingSynAppSecret: t('dingSynAppSecret', 200).default(''),
    dingAgentId: t('dingAgentId', 200).default(''),
    dingSynIsSynOrg: f('dingSynIsSynOrg').default(0),
    dingSynIsSynUser: f('dingSynIsSynUser').default(0),
    /** hours an approval link stays valid (a string, as the reference stores it) */
    linkTime: numericText('linkTime', label.linkTime, 1, 24 * 365).default('24'),
    isClick: f('isClick').default(0),
    unClickNum: i('unClickNum', 1, 1000).default(1),
    passwordIsUpdatedRegularly: f('passwordIsUpdatedRegularly').default(0),
    updateCycle: i('updateCycle', 1, 3650).default(90),
    updateInAdvance: i('updateInAdvance', 0, 365).default(7),
    passwordStrengthLimit: f('passwordStrengthLimit').default(0),
    passwordLengthMin: f('passwordLengthMin').default(0),
    passwordLengthMinNumber: i('passwordLengthMinNumber', 1, 32).default(6),
    containsNumbers: f('containsNumbers').default(0),
    includeLowercaseLetters: f('includeLowercaseLetters').default(0),
    includeUppercaseLetters: f('includeUppercaseLetters').default(0),
    containsCharacters: f('containsCharacters').default(0),
    disableOldPassword: f('disableOldPassword').default(0),
    disableTheNumberOfOldPasswords: i('disableTheNumberOfOldPasswords', 1, 24).default(3),
    mandatoryModificationOfInitialPassword: f('mandatoryModificationOfInitialPassword').default(0),
    newUserDefaultPassword: z
      .string({ error: fieldMessage('newUserDefaultPassword', label.newUserDefaultPassword, 'password') })
      .regex(/^[\x21-\x7e]{1,50}$/, {
        error: fieldMessage('newUserDefaultPassword', label.newUserDefaultPassword, 'password'),
      })
      .default('0000'),
  })
  .superRefine((c, ctx) => {
    const issue = (path: Key, key: keyof typeof crossFieldKeys) =>
      ctx.addIssue({ code: 'custom', path: [path], message: msg(crossFieldKeys[key]) });
    // an empty whitelist would refuse every sign-in, the administrator's included
    if (c.whitelistSwitch === 1 && whitelistEntries(c.whiteListIp).length === 0) issue('whiteListIp', 'whitelistEmpty');
    if (c.passwordIsUpdatedRegularly === 1 && c.updateInAdvance >= c.updateCycle)
      issue('updateInAdvance', 'advanceNotBeforeCycle');
    if (c.passwordStrengthLimit === 1) {
      const rules = [
        c.passwordLengthMin,
        c.containsNumbers,
        c.includeLowercaseLetters,
        c.includeUppercaseLetters,
        c.containsCharacters,
      ];
      if (!rules.includes(1)) issue('passwordStrengthLimit', 'noStrengthRule');
      // new users start with this password: it must pass the rules they will be held to
      else if (checkPasswordPolicy(c.newUserDefaultPassword, c).length)
        issue('newUserDefaultPassword', 'defaultPasswordWeak');
    }
  });

export type SysConfigValues = z.infer<typeof sysConfigSchema>;
export const SYS_CONFIG_CATEGORY = 'SysConfig';

export const sysConfigDefaults = (): SysConfigValues => sysConfigSchema.parse({});

function toRows(values: SysConfigValues) {
  return Object.entries(values).map(([key, value]) => ({ category: SYS_CONFIG_CATEGORY, key, value: String(value) }));
}

/** replaces the stored configuration (the store's save, and the defaults at first start) */
export async function writeSysConfig(tx: Tx, values: SysConfigValues): Promise<void> {
  await tx.delete(sysConfig).where(eq(sysConfig.category, SYS_CONFIG_CATEGORY));
  await tx.insert(sysConfig).values(toRows(values));
}

export class SysConfigService extends SharedValue<SysConfigValues> {
  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    super(bus, 'sysconfig:changed');
  }

  protected async load(): Promise<SysConfigValues> {
    const rows = await this.db.select().from(sysConfig).where(eq(sysConfig.category, SYS_CONFIG_CATEGORY));
    const raw: Record<string, string> = {};
    for (const r of rows) raw[r.key] = r.value;
    // stored values that no longer pass (hand-edited rows) fall back to defaults key by key
    const defaults = sysConfigDefaults();
    const out: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(raw)) {
      const field = sysConfigSchema.shape[key as keyof SysConfigValues];
      if (!field) continue;
      const parsed = field.safeParse(value);
      if (parsed.success) out[key] = parsed.data;
    }
    return out as SysConfigValues;
  }

  /** replaces the stored configuration; callers validate first */
  save(tx: Tx, values: SysConfigValues): Promise<void> {
    return writeSysConfig(tx, values);
  }
}
