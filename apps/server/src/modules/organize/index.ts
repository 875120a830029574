// Organisations and departments: the organisation tree every screen of the organisation structure reads.
import type { PlatformModule } from '../../platform/module.js';
import { organizeMenuSeed } from './menus.js';
import { watchOrganizeChanges } from './orgIndex.js';
import { organizeRoutes } from './routes.js';

export const organizeModule: PlatformModule = {
  name: 'organize',
  routes: organizeRoutes,
  dataMigrations: [organizeMenuSeed],
  setup: watchOrganizeChanges,
};

// for other modules: the organisation screens' menu codes, the organisation tree and who holds what
export { GROUP_MENU, POSITION_MENU, ROLE_MENU, USER_MENU } from './access.js';
export {
  assembleTree,
  byOrder,
  iconOf,
  organizeIndex,
  ROOT_PARENT,
  subsetForest,
  type OrganizeIndex,
  type OrgNode,
} from './orgIndex.js';
export {
  emptyRelations,
  hasMembers,
  insertRelations,
  inSubtree,
  memberIds,
  relationsOf,
  removeRelationsTo,
  removeUserRelations,
  replaceUserRelations,
  type RelationType,
} from './relations.js';
export {
  flagFilter,
  formTailFields,
  formTailValues,
  nameCodeRefusals,
  refuseTakenName,
  type FormTail,
} from './records.js';
export { insertDepartments, seedRootOrganize, type DepartmentRow } from './seed.js';
export { managesAnOrganize } from './service.js';
