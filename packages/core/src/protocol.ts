// Wire shapes of the reference API (response envelope, paging, sign-in, session info) shared by server and browser.
import type { PasswordPolicy } from './passwordPolicy.js';

/** Response codes of the envelope. */
export const ResultCode = {
  Success: 200,
  Fail: 400,
  ValidateError: 401,
  Exception: 500,
  SessionOverdue: 600,
  SessionOffLine: 601,
  SessionError: 602,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface ApiResult<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface PageResult<T> {
  list: T[];
  pagination: Pagination;
}

/**
 * the most rows one unpaged read answers: a list without paging, a chooser reading every row at once (a popup's
 * data interface, a relation form's records); the server refuses a larger page
 */
export const UNPAGED_ROWS_MAX = 10_000;

export interface PageQuery {
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
  sort?: 'asc' | 'desc';
  sidx?: string;
}

export const LAYOUT_THEMES = ['classic', 'functional', 'blend', 'plain'] as const;
export type LayoutTheme = (typeof LAYOUT_THEMES)[number];

export interface LoginResult {
  token: string;
  theme: LayoutTheme;
}

export interface MenuItem {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress: string;
  linkTarget: string;
  type: number;
  propertyJson: string;
  sortCode: number;
  systemId: string;
  category: string;
  hasChildren: boolean;
  children: MenuItem[];
}

export interface PermissionItem {
  id: string;
  fullName: string;
  enCode: string;
}

export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: PermissionItem[];
  column: PermissionItem[];
  form: PermissionItem[];
  resource: PermissionItem[];
}

export interface SystemRef {
  id: string;
  name: string;
  icon: string;
  currentSystem: boolean;
}

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon: string;
  organizeId: string;
  organizeIdList: string[];
  organizeName: string;
  departmentId: string;
  departmentName: string;
  positionIds: { id: string; name: string }[];
  positionId: string;
  positionName: string;
  roleIds: string[];
  roleName: string;
  groupIds: string[];
  groupNames: string[];
  manager: string;
  mobilePhone: string;
  email: string;
  birthday: number | null;
  isAdministrator: boolean;
  signImg: string;
  changePasswordDate: number | null;
  prevLogin: number;
  prevLoginTime: number | null;
  prevLoginIPAddress: string;
  prevLoginIPAddressName: string;
  portalId: string;
  appPortalId: string;
  systemId: string;
  appSystemId: string;
  systemIds: SystemRef[];
  workflowEnabled: number;
  theme: LayoutTheme;
  language: string;
}

export interface SysConfigInfo {
  title: string;
  sysName: string;
  sysVersion: string;
  copyright: string;
  companyName: string;
  loginIcon: string;
  logoIcon: string;
  navigationIcon: string;
  workLogoIcon: string;
  appIcon: string;
  newUserDefaultPassword: string;
  jnpfDomain: string;
}

export interface CurrentUserResult {
  menuList: MenuItem[];
  permissionList: PermissionEntry[];
  userInfo: UserInfo;
  sysConfigInfo: SysConfigInfo;
}

/** The sign-in settings of the system configuration: the captcha, the password policy and the forced change. */
export interface LoginConfig extends PasswordPolicy {
  enableVerificationCode: number;
  verificationCodeNumber: number;
  mandatoryModificationOfInitialPassword: number;
}
