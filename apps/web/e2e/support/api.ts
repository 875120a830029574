// Direct calls to the server under test: sign in, read and change the system configuration, create users.
// Used to prepare what a test needs without clicking through screens that other tests cover.
import { md5Hex } from '@jnpf/core';
import { e2eServer } from './server';
import { ADMIN, signIn, type Envelope } from './session';

export { ADMIN, signIn, type Envelope };

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async call<T = unknown>(method: string, url: string, body?: unknown): Promise<Envelope<T>> {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        Authorization: this.token,
        'jnpf-origin': 'pc',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  }

  /** Like call, but fails the test unless the answer's code is 200. */
  async ok<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
    const result = await this.call<T>(method, url, body);
    if (result.code !== 200) throw new Error(`${method} ${url} answered ${result.code}: ${result.msg}`);
    return result.data as T;
  }

  /** Changes some keys of the system configuration; returns the previous values of those keys. */
  async patchSysConfig(patch: Record<string, unknown>): Promise<Record<string, unknown>> {
    const current = await this.ok<Record<string, unknown>>('GET', '/api/system/SysConfig');
    const previous = Object.fromEntries(Object.keys(patch).map((key) => [key, current[key]]));
    await this.ok('PUT', '/api/system/SysConfig', { ...current, ...patch });
    return previous;
  }
}

/**
 * The administrator's shared session on this file's server (signed in once by the global setup: sign-ins are
 * rate-limited per account). Never sign it out or change the administrator's password with it; a test that
 * ends a session signs in on its own with signIn().
 */
export function adminToken(): string {
  return e2eServer().adminToken;
}

export async function adminApi(baseUrl: string): Promise<Api> {
  return new Api(baseUrl, adminToken());
}

interface MenuNode {
  id: string;
  children?: MenuNode[];
}

/**
 * Creates a user in the first organisation with the default password of new users, allowed to use the
 * administrator's current system and its menus (a user without menus cannot sign in). Returns the user id.
 */
export async function createUserWithMenus(api: Api, account: string, realName: string): Promise<string> {
  const organizes = await api.ok<{ list: { id: string }[] }>('GET', '/api/permission/Organize');
  const organizeId = organizes.list[0]?.id;
  if (!organizeId) throw new Error('no organisation to put the user in');
  const userId = await api.ok<string>('POST', '/api/permission/Users', { account, realName, organizeId, gender: 1 });
  const session = await api.ok<{ userInfo: { systemId: string }; menuList: MenuNode[] }>(
    'GET',
    '/api/oauth/CurrentUser',
  );
  const module: string[] = [];
  const walk = (nodes: MenuNode[]) =>
    nodes.forEach((node) => {
      module.push(node.id);
      walk(node.children ?? []);
    });
  walk(session.menuList);
  await api.ok('PUT', `/api/permission/Authority/Data/${userId}`, {
    objectType: 'User',
    systemIds: [session.userInfo.systemId],
    module,
  });
  return userId;
}

/** Sets a user's password through the administrator's reset. */
export async function resetPassword(api: Api, userId: string, password: string): Promise<void> {
  await api.ok('POST', `/api/permission/Users/${userId}/Actions/ResetPassword`, {
    userPassword: md5Hex(password),
    validatePassword: md5Hex(password),
  });
}

/** createUserWithMenus, then sets the user's password. Returns the user id. */
export async function createUserWithPassword(
  api: Api,
  account: string,
  realName: string,
  password: string,
): Promise<string> {
  const userId = await createUserWithMenus(api, account, realName);
  await resetPassword(api, userId, password);
  return userId;
}

/**
 * Creates a design with a form and a list (webType 2) in the first web-design category and releases it to the PC
 * menus at the top of the given system.
 */
export async function createReleasedDesign(
  api: Api,
  design: { fullName: string; enCode: string; formData: unknown; columnData: unknown },
  systemId: string,
): Promise<void> {
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  const designId = await api.ok<string>('POST', '/api/visualdev/Base', {
    fullName: design.fullName,
    enCode: design.enCode,
    type: 1,
    webType: 2,
    category: categories.list[0]!.id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(design.formData),
    columnData: JSON.stringify(design.columnData),
  });
  await releaseAtTop(api, designId, systemId);
}

/** Releases a design to the PC menus at the top of the given system (the signed-in user's own when not given). */
export async function releaseAtTop(api: Api, designId: string, systemId?: string): Promise<void> {
  const pcSystemId =
    systemId ?? (await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser')).userInfo.systemId;
  await api.ok('POST', `/api/visualdev/Base/${designId}/Actions/Release`, {
    pc: 1,
    pcSystemId,
    pcModuleParentId: '-1',
    app: 0,
  });
}

interface GrantNode {
  id: string;
  children?: GrantNode[];
}

/** A user with no grants of their own, in the first organisation, with this password. Returns the user id. */
export async function createPlainUser(api: Api, account: string, realName: string, password: string): Promise<string> {
  const organizes = await api.ok<{ list: { id: string }[] }>('GET', '/api/permission/Organize');
  const organizeId = organizes.list[0]?.id;
  if (!organizeId) throw new Error('no organisation to put the user in');
  const userId = await api.ok<string>('POST', '/api/permission/Users', { account, realName, organizeId, gender: 1 });
  await resetPassword(api, userId, password);
  return userId;
}

/**
 * Grants these menus of the administrator's current system (with their directories and every button of each)
 * to the user through a new permission group with the user as its only member. Returns the group id.
 */
export async function grantMenusThroughGroup(
  api: Api,
  userId: string,
  group: { fullName: string; enCode: string },
  menus: readonly { id: string; ancestors: readonly string[] }[],
): Promise<string> {
  const session = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  const systemId = session.userInfo.systemId;
  const groupId = await api.ok<string>('POST', '/api/permission/PermissionGroup', {
    ...group,
    enabledMark: 1,
    sortCode: 0,
  });
  const module = [...new Set(menus.flatMap((menu) => [...menu.ancestors, menu.id]))];
  // the wizard's button step: the tree of the chosen menus with their buttons under them
  const step = await api.ok<{ list: GrantNode[] }>('POST', `/api/permission/Authority/Data/${groupId}/Values`, {
    type: 'button',
    moduleIds: [systemId, `${systemId}2`, ...module].join(','),
  });
  const chosen = new Set(menus.map((menu) => menu.id));
  const button: string[] = [];
  const walk = (nodes: readonly GrantNode[], under: boolean) =>
    nodes.forEach((node) => {
      if (under && !chosen.has(node.id)) button.push(node.id);
      walk(node.children ?? [], under || chosen.has(node.id));
    });
  walk(step.list, false);
  await api.ok('PUT', `/api/permission/Authority/Data/${groupId}`, {
    objectType: 'Batch',
    systemIds: [systemId],
    module,
    button,
    column: [],
    form: [],
    resource: [],
  });
  await api.ok('POST', `/api/permission/PermissionGroup/PermissionMember/${groupId}`, { ids: [`${userId}--user`] });
  return groupId;
}
