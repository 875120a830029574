// Data migration of online development: its menus, and the webDesign dictionary whose items are the design
// categories (created through the dictionary module, as a system dictionary).
import { createItem, createType, typeByIdOrCode } from '../dictionary/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { menuSeedMigration } from '../menu/index.js';
import { CATEGORY_DICTIONARY } from './design/designs.js';
import { visualdevMenus } from './menus.js';

const SEED_ACTOR: AuditActor = { userId: null, userName: 'system', ip: '', requestId: 'visualdev.seed' };

/** the design categories a new installation starts with: [enCode, fullName] */
const CATEGORIES: [string, string][] = [
  ['business', '业务功能'],
  ['office', '办公管理'],
  ['demo', '示例'],
];

export const visualdevSeed = menuSeedMigration('visualdev.seed', visualdevMenus, async (tx) => {
  if (await typeByIdOrCode(tx, CATEGORY_DICTIONARY)) return;
  const typeId = await createType(tx, SEED_ACTOR, {
    parentId: '1',
    fullName: '功能分类',
    enCode: CATEGORY_DICTIONARY,
    isTree: 0,
    sortCode: 0,
    description: null,
  });
  for (const [sortCode, [enCode, fullName]] of CATEGORIES.entries())
    await createItem(tx, SEED_ACTOR, {
      dictionaryTypeId: typeId,
      parentId: '0',
      fullName,
      enCode,
      enabledMark: 1,
      sortCode,
      description: null,
    });
});
