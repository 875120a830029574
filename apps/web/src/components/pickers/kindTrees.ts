// The role and position trees of the user pickers without a keyword, read a level at a time: the organisation tree
// (one level per call), an organisation opening to its own roles (positions) and then the organisations below it.
import { pickerApi, type PickerItem } from './api';

/** the role tree a level at a time: organisations (and 全局) at the top, an organisation's roles, then those below */
async function roleLevel(parent: PickerItem | null): Promise<PickerItem[]> {
  if (!parent) {
    const [orgs, globals] = await Promise.all([pickerApi.organisations('0'), pickerApi.rolesOf([])]);
    return [...orgs, ...globals.filter((node) => node.type === 'global' && node.children?.length)];
  }
  // the global node came with its roles
  if (parent.type === 'global') return parent.children ?? [];
  const [orgs, withRoles] = await Promise.all([pickerApi.organisations(parent.id), pickerApi.rolesOf([parent.id])]);
  return [...(withRoles.find((node) => node.id === parent.id)?.children ?? []), ...orgs];
}

/** the role picker's organisation tab a level at a time: organisations, an organisation's roles, those below it */
export async function organizeRoleLevel(parent: PickerItem | null): Promise<PickerItem[]> {
  if (!parent) return pickerApi.organisations('0');
  return roleLevel(parent);
}

/** the role picker's global tab: the global roles (the 全局 node's, read once the tab opens) */
export async function globalRoles(): Promise<PickerItem[]> {
  const nodes = await pickerApi.rolesOf([]);
  return nodes.find((node) => node.type === 'global')?.children ?? [];
}

/** the position tree a level at a time: an organisation's positions, then the organisations below it */
async function positionLevel(parent: PickerItem | null): Promise<PickerItem[]> {
  if (!parent) return pickerApi.organisations('0');
  const [orgs, positions] = await Promise.all([pickerApi.organisations(parent.id), pickerApi.positionsOf(parent.id)]);
  return [...positions, ...orgs];
}

export const KIND_TREE_LEVELS = { role: roleLevel, position: positionLevel } as const;
/** in the role and position trees the roles and positions are the leaves, and the only nodes picked */
export const KIND_TREE_LEAF = {
  role: (item: PickerItem) => item.type === 'role',
  position: (item: PickerItem) => item.type === 'position',
} as const;
