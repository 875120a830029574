// /api/system/DictionaryType and /api/system/DictionaryData: dictionary categories and their items.
// The management screen needs the menu systemData.dictionary (writes also its button); the calls other screens
// use for pickers and the shell's dictionary cache only need a signed-in user. A dictionary menu (type 4) of a
// category reads and, with its buttons, writes that category's items.
import { z } from 'zod';
import { BUILT_IN_MENUS, fieldRules, type ButtonCode } from '@jnpf/core';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import {
  coercedVersionField,
  idOrCodeText,
  NAME_MAX,
  optionalText,
  requiredText,
  sortCodeInRange,
  strictFlag01,
  whenMissing,
} from '../../platform/fields.js';
import { ok } from '../../platform/result.js';
import { createRoute, recordWriteRoutes, removeRoute, updateRoute } from '../../platform/recordRoutes.js';
import { route, type LinkedMenu } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { exportDocument, importBdd, parseBdd, BDD_EXTENSION, BDD_MAX_BYTES } from './bdd.js';
import {
  allDictionaries,
  createItem,
  deleteItem,
  itemById,
  itemInfo,
  itemList,
  itemsOfType,
  parentSelector,
  selectorTree,
  toggleItem,
  updateItem,
} from './items.js';
import { dictionariesChanged, keptDictionary } from './kept.js';
import { m, typeTexts } from './messages.js';
import { shownDictionaries, shownItems, shownType } from './shown.js';
import { exportRoute, importRoute, infoRoute } from './routeKit.js';
import { allTypes, createType, deleteType, isRootId, typeById, typeInfo, typeTree, updateType } from './types.js';

const TYPES = '/api/system/DictionaryType';
const DATA = '/api/system/DictionaryData';
export const DICTIONARY_MENU = BUILT_IN_MENUS.dictionary.enCode;
const read = { module: DICTIONARY_MENU };
const withButton = (button: ButtonCode) => ({ module: DICTIONARY_MENU, button });

/** a dictionary menu (menu type 4) points at its category by propertyJson.moduleId */
const DICTIONARY_MENU_TYPE = 4;
type LinkedResolver = NonNullable<LinkedMenu['resolve']>;
/** the category of the item named by the route's {id} */
const categoryOfItem: LinkedResolver = async (req, app) => {
  const id = (req.params as { id?: unknown }).id;
  return typeof id === 'string' ? (await itemById(app.db, id))?.dictionaryTypeId : undefined;
};
/** the category a new item names in its body */
const categoryInBody: LinkedResolver = async (req) => {
  const typeId = (req.body as { dictionaryTypeId?: unknown } | undefined)?.dictionaryTypeId;
  return typeof typeId === 'string' ? typeId : undefined;
};
/**
 * the dictionary screen (with the button, when given), or a dictionary menu of the category: {id} itself, or
 * the one `resolve` finds (with the same button when that menu checks buttons)
 */
export const screenOrCategoryMenu = (button?: ButtonCode, resolve?: LinkedResolver) => ({
  module: DICTIONARY_MENU,
  ...(button ? { button } : {}),
  linkedMenu: {
    param: 'id',
    menuType: DICTIONARY_MENU_TYPE,
    ...(button ? { button, buttonAlways: true } : {}),
    ...(resolve ? { resolve } : {}),
  },
});

const idParams = z.object({ id: idOrCodeText });

/** a write that, once committed, drops the dictionaries every process keeps */
const written =
  <A extends unknown[]>(write: (app: AppContext, ...args: A) => Promise<unknown>) =>
  async (app: AppContext, ...args: A) => {
    const result = await write(app, ...args);
    await dictionariesChanged(app);
    return result;
  };

const requiredId = (key: string) =>
  z
    .string({ error: whenMissing(key) })
    .trim()
    .min(1, msg(key))
    .max(100);

const typeBody = z.object({
  parentId: requiredId(m.typeParentRequired),
  fullName: requiredText(typeTexts.nameRequired, NAME_MAX, typeTexts.nameTooLong).regex(fieldRules.name, msg('name')),
  enCode: requiredText(typeTexts.codeRequired, NAME_MAX, typeTexts.codeTooLong).regex(fieldRules.code, msg('code')),
  isTree: strictFlag01(0),
  sortCode: sortCodeInRange,
  description: optionalText(500, null),
  version: coercedVersionField,
});

const itemFields = {
  parentId: requiredId(m.itemParentRequired),
  fullName: requiredText(m.itemNameRequired, NAME_MAX, m.itemNameTooLong),
  enCode: requiredText(m.itemCodeRequired, NAME_MAX, m.itemCodeTooLong),
  enabledMark: strictFlag01(1),
  sortCode: sortCodeInRange,
  description: optionalText(500, null),
};
export const itemCreateBody = z.object({ dictionaryTypeId: requiredId(m.itemTypeRequired), ...itemFields });
const itemUpdateBody = z.object({ ...itemFields, version: coercedVersionField });

const treeFlag = z
  .union([z.literal('0'), z.literal('1'), z.literal('')])
  .optional()
  .transform((v) => (v === '1' ? true : v === '0' ? false : undefined));

export const dictionaryRoutes = [
  // ---- categories
  route({
    method: 'GET',
    url: TYPES,
    permission: read,
    summary: 'Category tree under the roots 0 (business) and 1 (system)',
    async handler({ app, lang }) {
      return ok({ list: typeTree(await allTypes(app.db), undefined, lang) });
    },
  }),
  route({
    method: 'GET',
    url: `${TYPES}/Selector/:id`,
    permission: 'signedIn',
    summary: 'Category tree for pickers, without the category {id} and its subcategories (0 = none)',
    params: idParams,
    async handler({ app, params, lang }) {
      return ok({ list: typeTree(await allTypes(app.db), isRootId(params.id) ? undefined : params.id, lang) });
    },
  }),
  infoRoute({
    url: `${TYPES}/:id`,
    permission: read,
    summary: 'One category (parentId is the root 0/1 for a top-level category)',
    params: idParams,
    find: typeById,
    answer: typeInfo,
  }),
  createRoute({
    base: TYPES,
    permission: withButton('btn_add'),
    summary: 'Create a category; parentId 0/1 places it at the top of that root',
    body: typeBody,
    // the reference answers no id
    create: async (app, actor, body) => {
      await app.db.transaction((tx) => createType(tx, actor, body));
      await dictionariesChanged(app);
    },
  }),
  updateRoute({
    base: TYPES,
    permission: withButton('btn_edit'),
    summary: 'Update a category (optional version: refused when someone changed it meanwhile)',
    params: idParams,
    body: typeBody,
    update: written((app, actor, id, body) =>
      app.db.transaction((tx) => updateType(tx, actor, id, body, body.version)),
    ),
  }),
  removeRoute({
    base: TYPES,
    permission: withButton('btn_remove'),
    summary: 'Delete a category that has neither items nor subcategories',
    params: idParams,
    remove: written((app, actor, id) => app.db.transaction((tx) => deleteType(tx, actor, id))),
  }),

  // ---- items
  route({
    method: 'GET',
    url: `${DATA}/All`,
    permission: 'signedIn',
    summary: 'Every category with its enabled items (nested for tree categories): the shell’s dictionary cache',
    async handler({ app, lang }) {
      return ok({ list: shownDictionaries(await allDictionaries(app.db), lang) });
    },
  }),
  route({
    method: 'GET',
    url: `${DATA}/:id`,
    permission: screenOrCategoryMenu(),
    summary: 'Items of category {id} (id or code); keyword filters name and code; isTree=1 answers a tree',
    params: idParams,
    query: z.object({ keyword: z.string().trim().max(200).default(''), isTree: treeFlag }),
    async handler({ app, params, query, lang }) {
      const kept = await keptDictionary(app, params.id);
      if (!kept) return ok({ list: [] });
      const asTree = query.isTree ?? kept.type.isTree === 1;
      return ok({ list: itemList(shownItems(kept.type.enCode, kept.items, lang), query.keyword, asTree) });
    },
  }),
  route({
    method: 'GET',
    url: `${DATA}/:id/Selector/:itemId`,
    permission: screenOrCategoryMenu(),
    summary: 'Parent picker of the item form: category {id} as root "0", its items without {itemId} and below',
    params: z.object({ id: idOrCodeText, itemId: idOrCodeText }),
    query: z.object({ isTree: treeFlag }),
    async handler({ app, params, query, lang }) {
      const type = await typeById(app.db, params.id);
      if (!type) throw refuse('notFound');
      const asTree = query.isTree ?? type.isTree === 1;
      const items = shownItems(type.enCode, await itemsOfType(app.db, type.id), lang);
      return ok({ list: parentSelector(shownType(type, lang), items, asTree, params.itemId) });
    },
  }),
  route({
    method: 'GET',
    url: `${DATA}/:id/Data/Selector`,
    permission: 'signedIn',
    summary: 'Enabled items of category {id} (id or code) as a tree, for pickers',
    params: idParams,
    async handler({ app, params, lang }) {
      const kept = await keptDictionary(app, params.id);
      if (!kept) return ok({ list: [] });
      const enabled = kept.items.filter((item) => item.enabledMark === 1);
      return ok({ list: selectorTree(shownItems(kept.type.enCode, enabled, lang)) });
    },
  }),
  infoRoute({
    url: `${DATA}/:id/Info`,
    permission: screenOrCategoryMenu(undefined, categoryOfItem),
    summary: 'One item',
    params: idParams,
    find: itemById,
    answer: itemInfo,
  }),
  createRoute({
    base: DATA,
    permission: screenOrCategoryMenu('btn_add', categoryInBody),
    summary: 'Create an item; a parentId equal to the category id is stored as "0"',
    body: itemCreateBody,
    // the reference answers no id
    create: async (app, actor, body) => {
      await app.db.transaction((tx) => createItem(tx, actor, body));
      await dictionariesChanged(app);
    },
  }),
  ...recordWriteRoutes({
    base: DATA,
    permission: (button) => screenOrCategoryMenu(button, categoryOfItem),
    params: idParams,
    body: itemUpdateBody,
    summaries: {
      update: 'Update an item (it stays in its category; optional version)',
      remove: 'Delete an item that has no child items',
      state: 'Enable or disable an item (no body): 1 becomes 0, anything else 1',
    },
    update: written((app, actor, id, body) =>
      app.db.transaction((tx) => updateItem(tx, actor, id, body, body.version)),
    ),
    remove: written((app, actor, id) => app.db.transaction((tx) => deleteItem(tx, actor, id))),
    toggle: written((app, actor, id) => app.db.transaction((tx) => toggleItem(tx, actor, id))),
  }),
  exportRoute({
    url: `${DATA}/:id/Actions/Export`,
    permission: withButton('btn_export'),
    summary: 'Export category {id} with its items as a .bdd file; answers {name, url} to download it',
    params: idParams,
    find: typeById,
    extension: BDD_EXTENSION,
    document: async (db, type) => {
      const parent = type.parentId === '-1' ? undefined : await typeById(db, type.parentId);
      return exportDocument(type, parent, await itemsOfType(db, type.id));
    },
  }),
  importRoute({
    url: `${DATA}/Actions/Import`,
    permission: withButton('btn_import'),
    summary:
      'Import a .bdd file (multipart: file, type 0 skip duplicates / 1 append copies); checks everything first and writes nothing when refused',
    maxBytes: BDD_MAX_BYTES,
    size: '2MB',
    parse: parseBdd,
    write: importBdd,
    committed: dictionariesChanged,
    message: () => m.imported,
  }),
];
