// Sign-in and session calls of /api/oauth.
import type { CurrentUserResult, LoginConfig, LoginResult } from '@jnpf/core';
import { http } from '../request';

export interface PasswordLoginForm {
  account: string;
  /** Already encrypted with encryptLoginPassword. */
  password: string;
  code: string;
  timestamp: string;
}

export function login(form: PasswordLoginForm) {
  return http.post<LoginResult>(
    '/api/oauth/Login',
    { ...form, origin: 'password', grant_type: 'password', jnpf_ticket: '' },
    { form: true },
  );
}

/** Whether the account needs a captcha, and the password policy. */
export function fetchLoginConfig(account: string) {
  return http.get<Partial<LoginConfig>>(`/api/oauth/getConfig/${encodeURIComponent(account)}`);
}

export function fetchCurrentUser(systemCode: string) {
  return http.get<CurrentUserResult>('/api/oauth/CurrentUser', { systemCode });
}

export function logout() {
  return http.get<null>('/api/oauth/Logout');
}

/** Unlocks the screen; the password is md5 hex of the plain text (not the sign-in cipher). */
export function unlockScreen(account: string, passwordMd5: string) {
  return http.post<null>('/api/oauth/LockScreen', { account, password: passwordMd5 });
}

/** The captcha image for a client-chosen key; the same key goes back as `timestamp` on sign-in. */
export function captchaImageUrl(key: string): string {
  return `/api/file/ImageCode/${encodeURIComponent(key)}`;
}

/** A fresh captcha key. */
export function newCaptchaKey(): string {
  return `${Date.now()}${Math.random().toString().slice(2, 8)}`;
}

/** App-scan sign-in ticket status: 0 waiting, 1 scanned, 2 confirmed (value = token, handed over once), 3 cancelled, -1 expired. */
export interface TicketStatus {
  status: -1 | 0 | 1 | 2 | 3;
  value?: string;
  theme?: string;
}

/** A new app-scan sign-in ticket, shown as a QR code. */
export function fetchCodeCertificate() {
  return http.get<string>('/api/oauth/codeCertificate');
}

export function fetchCodeCertificateStatus(ticket: string, signal?: AbortSignal) {
  return http.get<TicketStatus>(`/api/oauth/codeCertificateStatus/${encodeURIComponent(ticket)}`, undefined, {
    signal,
  });
}

/** Sends a sign-in code by text message to this number (one a minute). */
export function sendSmsCode(mobile: string) {
  return http.post<null>('/api/oauth/SmsCode', { mobile });
}

/** Signs in with the mobile number and the code sent to it; answers as the password sign-in does. */
export function smsLogin(mobile: string, code: string) {
  return http.post<LoginResult>('/api/oauth/SmsLogin', { mobile, code });
}
