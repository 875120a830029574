// The app-scan sign-in's texts (in its own chunk; the sign-in page's texts are in src/locales).
import { defineViewTexts } from '../../../platform/viewText';

export const { useText: useScanText } = defineViewTexts({
  zh: {
    scanTip: '请使用手机APP扫描二维码登录',
    scanned: '扫码成功，请在手机上确认登录',
    expired: '二维码已失效',
    cancelled: '已取消登录',
    refresh: '点击刷新',
    signingIn: '正在登录…',
    qrAlt: '登录二维码',
  },
  zhtw: {
    scanTip: '請使用手機APP掃描二維碼登入',
    scanned: '掃碼成功，請在手機上確認登入',
    expired: '二維碼已失效',
    cancelled: '已取消登入',
    refresh: '點擊重新整理',
    signingIn: '正在登入…',
    qrAlt: '登入二維碼',
  },
  en: {
    scanTip: 'Scan the QR code with the mobile app to sign in',
    scanned: 'Scanned. Please confirm the sign-in on your phone',
    expired: 'The QR code has expired',
    cancelled: 'The sign-in was cancelled',
    refresh: 'Refresh',
    signingIn: 'Signing in…',
    qrAlt: 'Sign-in QR code',
  },
});
