// The permission kernel: grant sets and their saving, the grant wizard's trees, and permission-group
// membership. Menu, system, authority and permission-group screens build on it; it depends on no other module
// and has no routes of its own, so it is not in the module registry.
export {
  addGrants,
  copyGrants,
  emptySets,
  grantsOf,
  ITEM_TYPES,
  NO_GRANTS,
  objectGrants,
  removeGrantsHeldBy,
  removeGrantsOf,
  replaceGrants,
  toLists,
  withinOperator,
  type ItemSets,
  type ItemType,
  type ObjectType,
  type Submitted,
} from './grantSets.js';
export {
  describeMembers,
  handOverGroups,
  memberKey,
  membersOf,
  parseMember,
  removeMembersOf,
  replaceMembers,
  viewMembers,
  type Member,
} from './members.js';
export { stepTree } from './tree.js';
