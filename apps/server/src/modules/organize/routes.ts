// /api/permission/Organize: companies and departments, one tree.
import { organizeName } from '@jnpf/core';
import { z } from 'zod';
import { keptAnswersOf, sendJsonText } from '../../platform/keptAnswers.js';
import { pickerSearchQuery } from '../../platform/paging.js';
import { ok, page } from '../../platform/result.js';
import { recordWriteRoutes } from '../../platform/recordRoutes.js';
import { route } from '../../platform/route.js';
import { actorOf } from '../../platform/request.js';
import { refuse } from '../../platform/errors.js';
import {
  codeField,
  enabledMarkField,
  idField,
  idList,
  idParams,
  nameField,
  sortCodeField,
  textField,
  TIME_MAX_MS,
  TIME_MIN_MS,
  versionField,
} from '../../platform/fields.js';
import { msg } from '../../platform/validation.js';
import { organizeOffered, organizePickerOffers, permittedOrganizes } from '../../platform/pickable.js';
import { DEPARTMENT_MENU, DEPARTMENT_WRITERS, ORGANIZE_MENU, ORGANIZE_TREE_READERS, requireAnyMenu } from './access.js';
import { departmentListQuery, listDepartments } from './departmentList.js';
import { companyTexts, departmentTexts, m } from './messages.js';
import {
  assembleTree,
  byOrder,
  iconOf,
  organizeIndex,
  ROOT_PARENT,
  subsetForest,
  type OrganizeIndex,
  type OrgNode,
} from './orgIndex.js';
import { formTailFields } from './records.js';
import {
  childrenWithCounts,
  createOrganize,
  deleteOrganize,
  findOrganize,
  toggleOrganize,
  updateOrganize,
} from './service.js';

const BASE = '/api/permission/Organize';

/**
 * Answers of AsyncList (one tree level with member counts), kept for a second: a change of organisations, of
 * anybody's memberships (announced as a grant change) or of a user drops them in every process.
 */
const childLevels = (app: Parameters<typeof keptAnswersOf>[0]) =>
  keptAnswersOf(app, 'organize:children', {
    channels: ['organize:changed', 'grants:changed', 'directory:changed'],
    limit: 1000,
    maxAgeMs: 1000,
  });

const parentField = (requiredKey: string) =>
  z
    .string({ error: msg(requiredKey) })
    .trim()
    .min(1, msg(requiredKey))
    .max(64, msg(m.parentMissing))
    .regex(/^[\w-]+$/, msg(m.parentMissing));

const propertyText = textField(500);
const propertySchema = z.object({
  shortName: propertyText.optional(),
  industry: propertyText.optional(),
  enterpriseNature: propertyText.optional(),
  webSite: propertyText.optional(),
  foundedTime: z.coerce.number().int().min(TIME_MIN_MS).max(TIME_MAX_MS).nullish(),
  address: propertyText.optional(),
  telePhone: propertyText.optional(),
  fax: propertyText.optional(),
  managerName: propertyText.optional(),
  managerTelePhone: propertyText.optional(),
  managerMobilePhone: propertyText.optional(),
  manageEmail: propertyText.optional(),
  bankName: propertyText.optional(),
  bankAccount: propertyText.optional(),
  businessscope: textField(2000).optional(),
});

/** the client sends an object; a JSON string is accepted too */
const propertyJsonField = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (!v.trim()) return null;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, propertySchema.nullish())
  .transform((v) => (v ? Object.fromEntries(Object.entries(v).filter(([, x]) => x != null && x !== '')) : null));

const companyBody = z.object({
  parentId: parentField(m.companyParentRequired),
  fullName: nameField(companyTexts.nameRequired),
  enCode: codeField(companyTexts.codeRequired),
  enabledMark: enabledMarkField,
  sortCode: sortCodeField,
  description: textField(500),
  propertyJson: propertyJsonField,
  version: versionField,
});

const departmentBody = z.object({
  parentId: parentField(m.departmentParentRequired),
  fullName: nameField(departmentTexts.nameRequired),
  enCode: codeField(departmentTexts.codeRequired),
  managerId: z.union([z.literal(''), idField]).nullish(),
  ...formTailFields,
});

const listQuery = z.object({
  keyword: z.string().trim().max(200).default(''),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
  type: z.enum(['company', 'department', '']).optional(),
});

const keywordQuery = z.object({ keyword: z.string().trim().max(200).default('') });

const matches = (node: OrgNode, keyword: string) => {
  if (!keyword) return true;
  const k = keyword.toLowerCase();
  return node.fullName.toLowerCase().includes(k) || node.enCode.toLowerCase().includes(k);
};

/** a row of the organisation tree (OrganizeListVO) */
function listRow(index: OrganizeIndex, node: OrgNode, parentId: string, displayName: string) {
  return {
    id: node.id,
    parentId,
    fullName: displayName,
    enCode: node.enCode,
    description: node.description ?? '',
    enabledMark: node.enabledMark,
    creatorTime: node.creatorTime,
    sortCode: node.sortCode,
    type: node.category,
    category: node.category,
    icon: iconOf(node.category),
    organizeIdTree: node.organizeIdTree,
    lastFullName: node.fullName,
    organize: index.pathName(node.id),
    organizeIds: node.path,
    managerId: node.managerId ?? '',
  };
}

/** a subset of organisations as the reference's list tree */
function listTree(index: OrganizeIndex, nodes: Iterable<OrgNode>) {
  const rows = subsetForest(index, nodes).map((p) => listRow(index, p.node, p.parentId, p.displayName));
  return assembleTree(
    rows,
    (r) => r.id,
    (r) => r.parentId,
  );
}

/** a selector tree (OrganizeModel): with organize path and ids along the path */
function selectorTree(index: OrganizeIndex, nodes: Iterable<OrgNode>, extra: Record<string, unknown> = {}) {
  const rows = subsetForest(index, nodes).map((p) => ({
    id: p.node.id,
    parentId: p.parentId,
    fullName: p.displayName,
    enCode: p.node.enCode,
    type: p.node.category,
    icon: iconOf(p.node.category),
    sortCode: p.node.sortCode,
    enabledMark: p.node.enabledMark,
    organize: index.pathName(p.node.id),
    organizeIds: p.node.path,
    organizeIdTree: p.node.organizeIdTree,
    ...extra,
  }));
  return assembleTree(
    rows,
    (r) => r.id,
    (r) => r.parentId,
  );
}

/** everything but the node itself and what lies below it (a node cannot move under its own subtree) */
type OrganizeRow = NonNullable<Awaited<ReturnType<typeof findOrganize>>>;

/** the ids above a company or department, from the top down */
const ancestorsOf = (row: OrganizeRow) => row.organizeIdTree.split(',').filter((x) => x && x !== row.id);

/** a company or department as its form reads it */
function organizeInfo(row: OrganizeRow, organizeIdTree: string[]) {
  return {
    id: row.id,
    parentId: row.parentId,
    category: row.category,
    fullName: row.fullName,
    enCode: row.enCode,
    enabledMark: row.enabledMark,
    description: row.description ?? '',
    managerId: row.managerId ?? '',
    sortCode: row.sortCode,
    organizeIdTree,
    creatorTime: row.creatorTime,
    lastModifyTime: row.lastModifyTime,
    version: row.version,
  };
}

const outsideOf = (index: OrganizeIndex, id: string) => {
  if (id === '0' || !index.get(id)) return () => true;
  return (node: OrgNode) => !node.path.includes(id);
};

export const organizeRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: 'signedIn',
    summary:
      'The organisation tree, companies and departments (keyword, enabledMark 1 ⇒ enabled only, type). Needs any of the organisation, department, position, role or user menus.',
    query: listQuery,
    async handler({ app, principal, query, lang }) {
      await requireAnyMenu(app, principal, ORGANIZE_TREE_READERS);
      const index = await organizeIndex(app, lang);
      const nodes = index.ordered.filter(
        (n) =>
          matches(n, query.keyword) &&
          (query.enabledMark !== 1 || n.enabledMark === 1) &&
          (!query.type || n.category === query.type),
      );
      return ok({ list: listTree(index, nodes) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/AsyncList/:id`,
    permission: 'signedIn',
    summary:
      'The children of one organisation ("-1" = the top), each with hasChildren and its member count (num). Needs any of the organisation-tree menus.',
    params: idParams,
    async handler({ app, principal, params, lang, reply }) {
      await requireAnyMenu(app, principal, ORGANIZE_TREE_READERS);
      // the answer is the same for every caller allowed here: kept as sent, per node and language
      const levels = childLevels(app);
      const mark = levels.mark();
      const text = await levels.answer(`${lang}\u0000${params.id}`, mark, async () => {
        const [rows, index] = await Promise.all([childrenWithCounts(app, params.id), organizeIndex(app, lang)]);
        const parentPath = params.id === ROOT_PARENT ? '' : index.pathName(params.id);
        const list = rows.map((r) => {
          const fullName = organizeName(r.en_code, r.full_name, lang);
          return {
            id: r.id,
            parentId: r.parent_id,
            fullName,
            enCode: r.en_code,
            description: r.description ?? '',
            enabledMark: r.enabled_mark,
            creatorTime: r.creator_time,
            sortCode: r.sort_code,
            type: r.category,
            icon: iconOf(r.category),
            organizeIdTree: r.organize_id_tree,
            organize: parentPath ? `${parentPath}/${fullName}` : fullName,
            organizeIds: r.organize_id_tree.split(','),
            hasChildren: r.has_children,
            isLeaf: !r.has_children,
            num: r.member_count,
            children: [],
          };
        });
        return { text: JSON.stringify(app.envelope(lang, 200, 'success', { list })) };
      });
      return sendJsonText(reply, text);
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Tree`,
    permission: 'signedIn',
    summary: 'The enabled companies as a tree, from the top companies down',
    async handler({ app, lang }) {
      const index = await organizeIndex(app, lang);
      const companies = index.ordered.filter((n) => n.category === 'company' && n.enabledMark === 1);
      const rows = companies.map((n) => ({
        id: n.id,
        parentId: n.parentId,
        fullName: n.fullName,
        enCode: n.enCode,
        type: n.category,
        icon: iconOf(n.category),
        organizeIdTree: n.organizeIdTree,
      }));
      return ok({
        list: assembleTree(
          rows,
          (r) => r.id,
          (r) => r.parentId,
        ).filter((r) => r.parentId === ROOT_PARENT),
      });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector/:id`,
    permission: 'signedIn',
    summary: 'Enabled companies as a tree, without {id} and what lies below it ("0" = none left out)',
    params: idParams,
    query: keywordQuery,
    async handler({ app, params, query, lang }) {
      const index = await organizeIndex(app, lang);
      const outside = outsideOf(index, params.id);
      const nodes = index.ordered.filter(
        (n) => n.category === 'company' && n.enabledMark === 1 && outside(n) && matches(n, query.keyword),
      );
      return ok({ list: selectorTree(index, nodes) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/SelectorByAuth/:id`,
    permission: 'signedIn',
    summary:
      'Enabled companies as a tree with their paths (organize, organizeIds), for pickers with auth: an administrator all, anyone else those of their own organisation and those they manage, with all below',
    params: idParams,
    query: keywordQuery,
    async handler({ app, query, lang, principal }) {
      const index = await organizeIndex(app, lang);
      const offers = organizePickerOffers({ onlyOrg: true, permitted: await permittedOrganizes(app, principal) });
      const nodes = index.ordered.filter((n) => organizeOffered(n) && offers(n) && matches(n, query.keyword));
      return ok({ list: selectorTree(index, nodes) });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/OrganizeCondition`,
    permission: 'signedIn',
    summary: 'The given organisations (departIds, "id--type" allowed) as a tree, filtered by keyword',
    body: z.object({ departIds: idList(), keyword: z.string().trim().max(200).default('') }),
    async handler({ app, body, lang }) {
      const index = await organizeIndex(app, lang);
      const nodes = body.departIds
        .map((id) => index.get(id))
        .filter((n): n is OrgNode => !!n && n.enabledMark === 1 && matches(n, body.keyword))
        .sort(byOrder);
      return ok({ list: listTree(index, nodes) });
    },
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: { module: ORGANIZE_MENU, button: 'btn_add' },
    summary: 'Create a company',
    body: companyBody,
    async handler({ app, req, body }) {
      const id = await createOrganize(app, actorOf(req), 'company', body);
      return ok(id, 'created');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: { module: ORGANIZE_MENU },
    summary: 'A company (or department) with its ancestors (organizeIdTree, ["-1"] at the top)',
    params: idParams,
    async handler({ app, params }) {
      const row = await findOrganize(app, params.id);
      if (!row) throw refuse('notFound');
      const ancestors = ancestorsOf(row);
      return ok({
        ...organizeInfo(row, ancestors.length ? ancestors : [ROOT_PARENT]),
        propertyJson: row.propertyJson ?? '',
      });
    },
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: ORGANIZE_MENU, button }),
    params: idParams,
    body: companyBody,
    summaries: {
      update: 'Update a company; moving it moves everything below it',
      remove: 'Delete a company or department that has no organisations, positions, users or roles',
      state: 'Enable or disable a company or department (flips enabledMark)',
    },
    update: (app, actor, id, body) => updateOrganize(app, actor, 'company', id, body),
    remove: deleteOrganize,
    toggle: toggleOrganize,
  }),

  // ---- departments
  ...[
    {
      url: `${BASE}/Department/Selector/:id`,
      summary: 'Enabled companies and departments as a tree, without {id} and what lies below it ("0" = none)',
      extra: {},
    },
    {
      url: `${BASE}/Department/SelectorByAuth/:id`,
      summary:
        'Enabled companies and departments as a tree for pickers with auth, without {id} and what lies below it: an administrator all, anyone else those of their own organisation and those they manage, with all below',
      extra: { disabled: false },
      auth: true,
    },
  ].map(({ url, summary, extra, auth }) =>
    route({
      method: 'GET',
      url,
      permission: 'signedIn',
      summary,
      params: idParams,
      query: keywordQuery,
      async handler({ app, params, query, lang, principal }) {
        const index = await organizeIndex(app, lang);
        const outside = outsideOf(index, params.id);
        const permitted = auth ? await permittedOrganizes(app, principal) : null;
        const nodes = index.ordered.filter(
          (n) => organizeOffered(n) && outside(n) && (!permitted || permitted.has(n.id)) && matches(n, query.keyword),
        );
        return ok({ list: selectorTree(index, nodes, extra) });
      },
    }),
  ),
  route({
    method: 'GET',
    url: `${BASE}/SearchSelector`,
    permission: 'signedIn',
    summary:
      'Enabled companies and departments whose name or code holds the keyword, flat and paged in their order (sort code, then newest first), each with its path (organize, organizeIds), for the pickers that page a search as it is scrolled',
    query: pickerSearchQuery,
    async handler({ app, query, lang }) {
      const index = await organizeIndex(app, lang);
      const found = index.ordered.filter((n) => organizeOffered(n) && matches(n, query.keyword));
      const start = (query.currentPage - 1) * query.pageSize;
      const list = found.slice(start, start + query.pageSize).map((n) => ({
        id: n.id,
        parentId: n.parentId,
        fullName: n.fullName,
        enCode: n.enCode,
        type: n.category,
        icon: iconOf(n.category),
        organize: index.pathName(n.id),
        organizeIds: n.path,
        hasChildren: false,
        isLeaf: true,
      }));
      return page(list, { currentPage: query.currentPage, pageSize: query.pageSize, total: found.length });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Department`,
    permission: { module: DEPARTMENT_MENU },
    summary:
      'The departments of one company (organizeId; those of its sub-companies excluded), paged: keyword (name or code), sidx fullName, enCode, sortCode, creatorTime or enabledMark with sort; rows carry manager "realName/account"',
    query: departmentListQuery,
    async handler({ app, query, lang }) {
      const { list, pagination } = await listDepartments(app, query, lang);
      return page(list, pagination);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Department`,
    permission: 'signedIn',
    summary: 'Create a department. Needs the organisation or department menu with btn_add.',
    body: departmentBody,
    async handler({ app, req, principal, body }) {
      await requireAnyMenu(app, principal, DEPARTMENT_WRITERS, 'btn_add');
      const id = await createOrganize(app, actorOf(req), 'department', body);
      return ok(id, 'created');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Department/:id`,
    permission: 'signedIn',
    summary: 'A department with its ancestors. Needs the organisation or department menu.',
    params: idParams,
    async handler({ app, principal, params }) {
      await requireAnyMenu(app, principal, DEPARTMENT_WRITERS);
      const row = await findOrganize(app, params.id);
      if (!row) throw refuse('notFound');
      return ok(organizeInfo(row, ancestorsOf(row)));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/Department/:id`,
    permission: 'signedIn',
    summary:
      'Update a department; moving it moves everything below it. Needs the organisation or department menu with btn_edit.',
    params: idParams,
    body: departmentBody,
    async handler({ app, req, principal, params, body }) {
      await requireAnyMenu(app, principal, DEPARTMENT_WRITERS, 'btn_edit');
      await updateOrganize(app, actorOf(req), 'department', params.id, body);
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/Department/:id`,
    permission: 'signedIn',
    summary:
      'Delete a department (as DELETE /Organize/{id}). Needs the organisation or department menu with btn_remove.',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await requireAnyMenu(app, principal, DEPARTMENT_WRITERS, 'btn_remove');
      await deleteOrganize(app, actorOf(req), params.id);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/Department/:id/Actions/State`,
    permission: 'signedIn',
    summary: 'Enable or disable a department. Needs the organisation or department menu with btn_edit.',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await requireAnyMenu(app, principal, DEPARTMENT_WRITERS, 'btn_edit');
      await toggleOrganize(app, actorOf(req), params.id);
      return ok(undefined, 'updated');
    },
  }),
];
