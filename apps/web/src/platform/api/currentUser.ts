// The signed-in user's own settings and records (protocol family: /api/permission/Users/Current/...).
import type { Language, LayoutTheme, PageResult } from '@jnpf/core';
import { http } from '../request';

const BASE = '/api/permission/Users/Current';

export function saveSystemLanguage(language: Language) {
  return http.put<null>(`${BASE}/SystemLanguage`, { language });
}

export function saveSystemTheme(theme: LayoutTheme) {
  return http.put<null>(`${BASE}/SystemTheme`, { theme });
}

/** GET BaseInfo: the personal information shown and edited on the profile page. */
export interface BaseInfo {
  id: string;
  account: string;
  realName: string;
  /** '1' male, '2' female, '3' secret, '' unknown */
  gender: string;
  mobilePhone: string;
  email: string;
  birthday: number | null;
  headIcon: string;
  organize: string;
  position: string;
  roleId: string;
  manager: string;
  signature: string;
  nation: string;
  nativePlace: string;
  certificatesType: string;
  certificatesNumber: string;
  education: string;
  telePhone: string;
  landline: string;
  urgentContacts: string;
  urgentTelePhone: string;
  postalAddress: string;
  entryDate: number | null;
  description: string;
  creatorTime: number | null;
  prevLogTime: number | null;
  prevLogIPAddress: string;
  changePasswordDate: number | null;
  isAdministrator: boolean;
}

/** The text fields PUT BaseInfo accepts. */
export type BaseInfoTextField =
  | 'realName'
  | 'mobilePhone'
  | 'email'
  | 'signature'
  | 'nation'
  | 'nativePlace'
  | 'certificatesType'
  | 'certificatesNumber'
  | 'education'
  | 'telePhone'
  | 'landline'
  | 'urgentContacts'
  | 'urgentTelePhone'
  | 'postalAddress'
  | 'description';

/** The fields PUT BaseInfo accepts. */
export type BaseInfoUpdate = Partial<Pick<BaseInfo, BaseInfoTextField>> & {
  gender?: number | null;
  birthday?: number | null;
};

export function fetchBaseInfo() {
  return http.get<BaseInfo>(`${BASE}/BaseInfo`);
}

export function saveBaseInfo(data: BaseInfoUpdate) {
  return http.put<null>(`${BASE}/BaseInfo`, data);
}

export interface ModifyPasswordForm {
  /** md5 hex of the old password */
  oldPassword: string;
  /** md5 hex of the new password */
  password: string;
  /** the new plain password AES-ECB encrypted (hex) with the sign-in cipher key; needed while the policy is on */
  encryptPassword: string;
  code: string;
  timestamp: string;
}

export function modifyPassword(form: ModifyPasswordForm) {
  return http.post<null>(`${BASE}/Actions/ModifyPassword`, form);
}

export interface SignImage {
  id: string;
  /** a PNG or JPEG data URL */
  signImg: string;
  isDefault: number;
  creatorTime: number;
}

export function fetchSignImages() {
  return http.get<SignImage[]>(`${BASE}/SignImg`);
}

export function addSignImage(signImg: string, isDefault: boolean) {
  return http.post<string>(`${BASE}/SignImg`, { signImg, isDefault: isDefault ? 1 : 0 });
}

export function deleteSignImage(id: string) {
  return http.delete<null>(`${BASE}/${encodeURIComponent(id)}/SignImg`);
}

export function setDefaultSignImage(id: string) {
  return http.put<null>(`${BASE}/${encodeURIComponent(id)}/SignImg`);
}

export interface MajorEntry {
  id: string;
  fullName: string;
  isDefault: boolean;
}

export function fetchMyOrganizes() {
  return http.get<MajorEntry[]>(`${BASE}/getUserOrganizes`);
}

export function fetchMyPositions() {
  return http.get<MajorEntry[]>(`${BASE}/getUserPositions`);
}

export type MajorType = 'Organize' | 'Position' | 'System';

/** Switches the main organisation, position or system; the answer's msg is shown to the user. */
export function switchMajor(majorId: string, majorType: MajorType) {
  return http.put<null>(`${BASE}/major`, { majorId, majorType });
}

export interface LoginLogEntry {
  id: string;
  creatorTime: number;
  userName: string;
  account: string;
  ipaddress: string;
  ipaddressName: string;
  platForm: string;
  browser: string;
  /** 1 success, 0 failure */
  loginMark: number;
  abstracts: string;
}

export interface LoginLogQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  startTime?: number;
  endTime?: number;
}

export function fetchMyLoginLog(query: LoginLogQuery) {
  return http.get<PageResult<LoginLogEntry>>(`${BASE}/SystemLog`, { ...query });
}
