// Server-side messages in the caller's language (zh default, zhtw, en). Chinese texts of the reference verbatim.
import { format, type Language, type Localized } from '@jnpf/core';

const platformCatalog = {
  success: { zh: 'Success', zhtw: 'Success', en: 'Success' },
  created: { zh: '新建成功', zhtw: '新建成功', en: 'Created' },
  saved: { zh: '保存成功', zhtw: '保存成功', en: 'Saved' },
  deleted: { zh: '删除成功', zhtw: '刪除成功', en: 'Deleted' },
  updated: { zh: '更新成功', zhtw: '更新成功', en: 'Updated' },
  done: { zh: '操作成功', zhtw: '操作成功', en: 'Done' },
  setDone: { zh: '设置成功', zhtw: '設置成功', en: 'Saved' },
  switched: { zh: '切换成功', zhtw: '切換成功', en: 'Switched' },
  notFound: { zh: '数据不存在', zhtw: '數據不存在', en: 'The record does not exist' },
  routeNotFound: { zh: '接口不存在', zhtw: '接口不存在', en: 'No such API' },
  systemError: { zh: '系统异常', zhtw: '系統異常', en: 'System error' },
  systemErrorWithId: { zh: '系统异常（{id}）', zhtw: '系統異常（{id}）', en: 'System error ({id})' },
  sessionOverdue: {
    zh: '登录过期,请重新登录',
    zhtw: '登錄過期,請重新登錄',
    en: 'Session expired, please sign in again',
  },
  sessionOffline: {
    zh: '您的帐号在其他地方已登录,被强制踢出',
    zhtw: '您的帳號在其他地方已登錄,被強制踢出',
    en: 'Your account signed in elsewhere; this session was ended',
  },
  sessionKicked: {
    zh: '您已被管理员强制下线',
    zhtw: '您已被管理員強制下線',
    en: 'An administrator ended your session',
  },
  tokenInvalid: { zh: 'Token验证失败', zhtw: 'Token驗證失敗', en: 'Token verification failed' },
  noPermission: { zh: '没有访问权限', zhtw: '沒有訪問權限', en: 'You do not have permission for this' },
  validation: { zh: '参数校验失败：{detail}', zhtw: '參數校驗失敗：{detail}', en: 'Invalid input: {detail}' },
  badJson: { zh: '请求数据格式错误', zhtw: '請求數據格式錯誤', en: 'The request body is not valid' },
  bodyTooLarge: { zh: '请求数据过大', zhtw: '請求數據過大', en: 'The request body is too large' },
  jsonTooDeep: {
    zh: '请求数据嵌套层级过深',
    zhtw: '請求數據嵌套層級過深',
    en: 'The request data is nested too deeply',
  },
  badUrl: { zh: '请求地址无效', zhtw: '請求地址無效', en: 'The request address is not valid' },
  tooManyRequests: {
    zh: '请求过于频繁，请稍后再试',
    zhtw: '請求過於頻繁，請稍後再試',
    en: 'Too many requests, please try again later',
  },
  loginFailed: { zh: '账号或密码错误', zhtw: '帳號或密碼錯誤', en: 'Wrong account or password' },
  accountLocked: {
    zh: '账号已被锁定，请联系管理员解锁',
    zhtw: '帳號已被鎖定，請聯繫管理員解鎖',
    en: 'The account is locked; ask an administrator to unlock it',
  },
  accountDelayed: {
    zh: '密码错误次数过多，请{n}分钟后再试',
    zhtw: '密碼錯誤次數過多，請{n}分鐘後再試',
    en: 'Too many wrong passwords; try again in {n} minutes',
  },
  accountDisabled: { zh: '账号已被禁用', zhtw: '帳號已被禁用', en: 'The account is disabled' },
  captchaRequired: { zh: '验证码不能为空', zhtw: '驗證碼不能為空', en: 'Captcha cannot be empty' },
  captchaWrong: { zh: '验证码错误', zhtw: '驗證碼錯誤', en: 'Wrong captcha' },
  captchaExpired: {
    zh: '验证码已过期，请重新获取',
    zhtw: '驗證碼已過期，請重新獲取',
    en: 'The captcha has expired; get a new one',
  },
  passwordFormat: { zh: '密码格式错误', zhtw: '密碼格式錯誤', en: 'The password is not in the expected format' },
  oldPasswordWrong: { zh: '旧密码错误', zhtw: '舊密碼錯誤', en: 'The old password is wrong' },
  passwordReused: {
    zh: '新密码不能与最近{n}次使用过的密码相同',
    zhtw: '新密碼不能與最近{n}次使用過的密碼相同',
    en: 'The new password cannot be one of your last {n} passwords',
  },
  passwordChanged: { zh: '修改成功，请牢记新密码', zhtw: '修改成功，請牢記新密碼', en: 'Password changed' },
  unlockWrongPassword: { zh: '密码错误', zhtw: '密碼錯誤', en: 'Wrong password' },
  systemDeleted: { zh: '该应用已删除', zhtw: '該應用已刪除', en: 'The application was deleted' },
  systemDisabled: { zh: '该应用已禁用', zhtw: '該應用已禁用', en: 'The application is disabled' },
  systemNoMenu: {
    zh: '该系统下菜单为空，系统切换失败',
    zhtw: '該系統下菜單為空，系統切換失敗',
    en: 'You have no menus in that application',
  },
  organizeNoPermission: {
    zh: '该组织内权限为空，组织切换失败！',
    zhtw: '該組織內權限為空，組織切換失敗！',
    en: 'You have no permissions in that organisation',
  },
  notYourOrganize: { zh: '您不属于该组织', zhtw: '您不屬於該組織', en: 'You do not belong to that organisation' },
  notYourPosition: { zh: '您没有该岗位', zhtw: '您沒有該崗位', en: 'You do not hold that position' },
  ticketInvalid: { zh: '二维码已失效', zhtw: '二維碼已失效', en: 'The QR code has expired' },
  signImgLimit: {
    zh: '签名最多保存{n}个',
    zhtw: '簽名最多保存{n}個',
    en: 'At most {n} signatures can be kept',
  },
  invalidImage: { zh: '签名图片格式错误', zhtw: '簽名圖片格式錯誤', en: 'The signature image is not valid' },
  invalidAvatar: { zh: '头像文件名不合法', zhtw: '頭像文件名不合法', en: 'The avatar file name is not valid' },
  nameExists: { zh: '名称不能重复', zhtw: '名稱不能重複', en: 'The name is already in use' },
  codeExists: { zh: '编码不能重复', zhtw: '編碼不能重複', en: 'The code is already in use' },
  updateNotFound: {
    zh: '更新失败，数据不存在',
    zhtw: '更新失敗，數據不存在',
    en: 'Update failed: the record does not exist',
  },
  deleteNotFound: {
    zh: '删除失败，数据不存在',
    zhtw: '刪除失敗，數據不存在',
    en: 'Delete failed: the record does not exist',
  },
  versionConflict: {
    zh: '数据已被他人修改，请刷新后重试',
    zhtw: '數據已被他人修改，請刷新後重試',
    en: 'Someone else changed this record; reload it and try again',
  },
  referenced: {
    zh: '此记录被关联引用,不允许被删除',
    zhtw: '此記錄被關聯引用,不允許被刪除',
    en: 'The record is in use and cannot be deleted',
  },
  invalidCharacters: {
    zh: '含有不允许的字符',
    zhtw: '含有不允許的字元',
    en: 'Contains characters that are not allowed',
  },
  downloadExpired: {
    zh: '文件不存在或已过期',
    zhtw: '文件不存在或已過期',
    en: 'The file does not exist or its link has expired',
  },
  copied: { zh: '复制成功', zhtw: '複製成功', en: 'Copied' },
  released: { zh: '发布成功', zhtw: '發布成功', en: 'Released' },
  notAllowedSelf: { zh: '不能查看该用户的下属', zhtw: '不能查看該用戶的下屬', en: 'You cannot view that user' },
  loggedOut: { zh: '注销成功', zhtw: '註銷成功', en: 'Signed out' },
  ipNotAllowed: { zh: '当前IP不允许登录', zhtw: '當前IP不允許登錄', en: 'Sign-in is not allowed from this address' },
  lockScreenAccount: {
    zh: '账号与当前用户不一致',
    zhtw: '帳號與當前用戶不一致',
    en: 'The account is not the signed-in user',
  },
} satisfies Record<string, Localized>;

/** a message key: a platform key, or one a module registered with defineMessages */
export type MessageKey = keyof typeof platformCatalog | (string & { readonly __module?: never });

const registry = new Map<string, Localized>(Object.entries(platformCatalog));

/**
 * A module's own messages, registered under "<module>.<key>". Returns the full keys, so that a module
 * writes `refuse(m.hasChildren)` and the message lives beside the rule that uses it.
 */
export function defineMessages<T extends Record<string, Localized>>(
  moduleName: string,
  catalog: T,
): { [K in keyof T]: string } {
  const keys = {} as { [K in keyof T]: string };
  for (const [key, text] of Object.entries(catalog)) {
    const full = `${moduleName}.${key}`;
    registry.set(full, text);
    keys[key as keyof T] = full;
  }
  return keys;
}

export function t(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  const text = registry.get(key);
  return text ? format(text[lang], params) : key;
}

export function isMessageKey(key: string): key is MessageKey {
  return registry.has(key);
}
