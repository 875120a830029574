// The text-message sign-in's texts (in its own chunk; the sign-in page's texts are in src/locales).
import { defineViewTexts } from '../../../platform/viewText';

export const { useText: useSmsText } = defineViewTexts({
  zh: {
    mobilePlaceholder: '请输入手机号',
    mobileRequired: '请输入手机号',
    mobileInvalid: '请正确输入您的手机号',
    codePlaceholder: '请输入短信验证码',
    codeRequired: '请输入短信验证码',
    codeInvalid: '请输入6位短信验证码',
    getCode: '获取验证码',
    resend: '{n}秒后重新获取',
    sent: '验证码已发送，请注意查收',
    submit: '登录',
    submitting: '登录中…',
  },
  zhtw: {
    mobilePlaceholder: '請輸入手機號',
    mobileRequired: '請輸入手機號',
    mobileInvalid: '請正確輸入您的手機號',
    codePlaceholder: '請輸入簡訊驗證碼',
    codeRequired: '請輸入簡訊驗證碼',
    codeInvalid: '請輸入6位簡訊驗證碼',
    getCode: '獲取驗證碼',
    resend: '{n}秒後重新獲取',
    sent: '驗證碼已發送，請注意查收',
    submit: '登入',
    submitting: '登入中…',
  },
  en: {
    mobilePlaceholder: 'Mobile number',
    mobileRequired: 'Please enter your mobile number',
    mobileInvalid: 'Please enter a valid mobile number',
    codePlaceholder: 'Code from the text message',
    codeRequired: 'Please enter the code',
    codeInvalid: 'Enter the 6-digit code',
    getCode: 'Send code',
    resend: 'Resend in {n} s',
    sent: 'The code has been sent',
    submit: 'Sign in',
    submitting: 'Signing in…',
  },
});
