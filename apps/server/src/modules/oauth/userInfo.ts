// CurrentUser: the menu tree and permission list of the current system, the user, and the public configuration.
import {
  builtInName,
  DEFAULT_SYSTEM_TITLE,
  organizeName,
  ResultCode,
  systemName,
  userRealName,
  type CurrentUserResult,
  type Language,
  type SysConfigInfo,
  type UserInfo,
} from '@jnpf/core';
import { allowedSystems, menuTree, permissionList, type Catalogue } from '../../platform/catalogue.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Grants } from '../../platform/grants.js';
import type { SysConfigValues } from '../../platform/sysConfig.js';
import type { UserProfile } from '../../platform/directory.js';
import { placeOf } from '../../platform/request.js';
import { avatarUrl } from '../file/index.js';
import { themeOf } from './login.js';

// currentUser still imports it from here
export { avatarUrl };

export function sysConfigInfo(c: SysConfigValues, lang: Language = 'zh'): SysConfigInfo {
  return {
    // the names the configuration starts with, in the caller's language until an administrator changes them
    title: builtInName(DEFAULT_SYSTEM_TITLE, c.title, lang),
    sysName: builtInName(DEFAULT_SYSTEM_TITLE, c.sysName, lang),
    sysVersion: c.sysVersion,
    copyright: c.copyright,
    companyName: c.companyName,
    loginIcon: c.loginIcon,
    logoIcon: c.logoIcon,
    navigationIcon: c.navigationIcon,
    workLogoIcon: c.workLogoIcon,
    appIcon: c.appIcon,
    newUserDefaultPassword: '',
    jnpfDomain: c.jnpfDomain,
  };
}

/** the system the user works in: the one asked for by code, else their saved one, else the first allowed */
export function currentSystem(cat: Catalogue, grants: Grants, profile: UserProfile, systemCode?: string) {
  const allowed = allowedSystems(cat, grants);
  const byCode = systemCode ? allowed.find((s) => s.enCode === systemCode) : undefined;
  return { allowed, current: byCode ?? allowed.find((s) => s.id === profile.user.systemId) ?? allowed[0] ?? null };
}

export function userInfoOf(
  profile: UserProfile,
  config: SysConfigValues,
  allowed: { id: string; fullName: string; enCode: string; icon: string | null; workflowEnabled: number }[],
  currentId: string,
  lang: Language = 'zh',
): UserInfo {
  const u = profile.user;
  const main = profile.mainOrganize;
  const mainPosition = profile.positions.find((p) => p.id === u.positionId) ?? profile.positions[0];
  const department = main?.category === 'department' ? main : null;
  return {
    userId: u.id,
    userAccount: u.account,
    userName: userRealName(u.account, u.realName, lang),
    headIcon: avatarUrl(u.headIcon),
    organizeId: main?.id ?? '',
    organizeIdList: main?.path ?? [],
    organizeName: main ? main.pathParts.map((p) => organizeName(p.enCode, p.fullName, lang)).join('/') : '',
    departmentId: department?.id ?? '',
    departmentName: department ? organizeName(department.enCode, department.fullName, lang) : '',
    positionIds: profile.positions.map((p) => ({ id: p.id, name: p.fullName })),
    positionId: mainPosition?.id ?? '',
    positionName: mainPosition?.fullName ?? '',
    roleIds: profile.roles.map((r) => r.id),
    roleName: profile.roles.map((r) => r.fullName).join(','),
    groupIds: profile.groups.map((g) => g.id),
    groupNames: profile.groups.map((g) => g.fullName),
    manager: profile.manager ? `${profile.manager.realName}/${profile.manager.account}` : '',
    mobilePhone: u.mobilePhone ?? '',
    email: u.email ?? '',
    birthday: u.birthday,
    isAdministrator: u.isAdministrator === 1,
    signImg: profile.signImg,
    changePasswordDate: u.changePasswordDate,
    prevLogin: config.lastLoginTimeSwitch,
    prevLoginTime: u.prevLogTime,
    prevLoginIPAddress: u.prevLogIp ?? '',
    prevLoginIPAddressName: u.prevLogIp ? placeOf(u.prevLogIp) : '',
    portalId: u.portalId ?? '',
    appPortalId: u.appPortalId ?? '',
    systemId: currentId,
    appSystemId: u.appSystemId ?? '',
    systemIds: allowed.map((s) => ({
      id: s.id,
      name: systemName(s.enCode, s.fullName, lang),
      icon: s.icon ?? '',
      currentSystem: s.id === currentId,
    })),
    workflowEnabled: allowed.find((s) => s.id === currentId)?.workflowEnabled ?? 0,
    theme: themeOf(u.theme),
    language: u.language ?? '',
  };
}

/** what a CurrentUser answer is computed from: each is the cached object its service hands out */
interface Inputs {
  profile: UserProfile;
  cat: Catalogue;
  config: SysConfigValues;
  grants: Grants;
  systemCode: string | undefined;
  /** the caller's language: built-in menus, buttons and applications are named in it */
  lang: Language;
}

interface Memo extends Inputs {
  result: CurrentUserResult;
}

/**
 * The last answer per user and language, kept while the profile, catalogue, configuration and grants it was built from are the
 * very objects their services still hand out. Those services drop their cached objects on every change of grants,
 * membership, menus or configuration, in every process (their bus channels), so an answer is never older than
 * what it shows: a new grant gives a new Grants object, and the memo no longer matches. Bounded: the oldest
 * entries go first.
 */
const MEMO_LIMIT = 2000;
const memos = new WeakMap<AppContext, Map<string, Memo>>();

const sameInputs = (a: Inputs, b: Inputs) =>
  a.profile === b.profile &&
  a.cat === b.cat &&
  a.config === b.config &&
  a.grants === b.grants &&
  a.systemCode === b.systemCode &&
  a.lang === b.lang;

function build({ profile, cat, config, grants, systemCode, lang }: Inputs): CurrentUserResult {
  const { allowed, current } = currentSystem(cat, grants, profile, systemCode);
  const systemId = current?.id ?? '';
  return {
    menuList: systemId ? menuTree(cat, grants, systemId, lang) : [],
    permissionList: systemId ? permissionList(cat, grants, systemId, lang) : [],
    userInfo: userInfoOf(profile, config, allowed, systemId, lang),
    sysConfigInfo: sysConfigInfo(config, lang),
  };
}

/** the answer is shared between calls while its inputs stand: callers must not change it */
export async function currentUser(
  app: AppContext,
  principal: Principal,
  systemCode?: string,
  lang: Language = 'zh',
): Promise<CurrentUserResult> {
  const [profile, cat, config, grants] = await Promise.all([
    app.directory.get(principal.userId),
    app.catalogue.get(),
    app.sysConfig.get(),
    app.grants.forUser(principal.userId, principal.isAdministrator),
  ]);
  if (!profile) throw new AppError(ResultCode.SessionOverdue, 'sessionOverdue');
  const inputs: Inputs = { profile, cat, config, grants, systemCode, lang };
  let byUser = memos.get(app);
  if (!byUser) memos.set(app, (byUser = new Map()));
  const key = `${principal.userId}:${lang}`;
  const hit = byUser.get(key);
  if (hit && sameInputs(hit, inputs)) return hit.result;
  const result = build(inputs);
  byUser.delete(key);
  if (byUser.size >= MEMO_LIMIT) byUser.delete(byUser.keys().next().value!);
  byUser.set(key, { ...inputs, result });
  return result;
}
