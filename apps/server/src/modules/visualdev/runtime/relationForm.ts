// The rows of a released design offered by a relation-form picker (关联表单) of another form. Designers pick
// from any design; anyone else only from a design that a form they reach through a granted menu links to with a
// relation-form field, and only the columns that field shows (its relationField, columnOptions and the fields its
// relation-form attributes show). As in the reference the picker lists every record of the linked design: the link
// is the grant, whatever the data permissions of the linked design's own menus.
import { like } from 'drizzle-orm';
import {
  activeSubTableChooser,
  chooserCopiedFields,
  isListableKey,
  isRelationAttrKey,
  isRelationFormKey,
  isSubTableKey,
  KEYWORD_SEARCH_KEYS,
  type ColumnItem,
  type SearchItem,
} from '@jnpf/core';
import { visualRelease } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { linkedMenus } from '../../../platform/guard.js';
import { containsPattern } from '../../../platform/paging.js';
import { ONLINE_FORM_MENU_TYPE } from './access.js';
import type { Model } from './model.js';
import { isMaskedField } from './values.js';

/** the keys the keyword searches, as the reference's (text a user types, and numbers) */
const KEYWORD_KEYS = KEYWORD_SEARCH_KEYS;

interface RelationFieldConfig {
  modelId: string;
  relationField: string;
  columns: string[];
}

/**
 * the relation-form fields anywhere in a form definition (sub-tables and containers included), each with the
 * columns it shows: its columnOptions and the showField of every relation-form attribute following it; and each
 * sub-table whose select-data dialog chooses records of a design (its columns and the ones its rows copy)
 */
export function relationFieldsIn(formData: string): RelationFieldConfig[] {
  const out: (RelationFieldConfig & { vModel: unknown })[] = [];
  const attrs: { relation: unknown; showField: unknown }[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const field = node as Record<string, unknown>;
    const config = field.__config__ as { jnpfKey?: unknown; children?: unknown } | undefined;
    if (isRelationFormKey(config?.jnpfKey) && typeof field.modelId === 'string') {
      const options = Array.isArray(field.columnOptions) ? (field.columnOptions as { value?: unknown }[]) : [];
      out.push({
        vModel: field.__vModel__,
        modelId: field.modelId,
        relationField: typeof field.relationField === 'string' ? field.relationField : '',
        columns: options.map((o) => o?.value).filter((v): v is string => typeof v === 'string'),
      });
    }
    if (isRelationAttrKey(config?.jnpfKey)) attrs.push({ relation: field.relationField, showField: field.showField });
    const chooser = isSubTableKey(config?.jnpfKey) ? modelChooserOf(field) : null;
    if (chooser) out.push({ vModel: undefined, ...chooser });
    if (config?.children) visit(config.children);
    if (field.fields) visit(field.fields);
  };
  try {
    visit(JSON.parse(formData));
  } catch {
    // a definition that does not parse links nothing
  }
  return out.map(({ vModel, ...link }) => ({
    ...link,
    columns: [
      ...link.columns,
      ...attrs
        .filter((a) => typeof vModel === 'string' && a.relation === vModel && typeof a.showField === 'string')
        .map((a) => a.showField as string),
    ],
  }));
}

/** a sub-table's select-data dialog over a design's records (addType 1, dataSource model), as a link */
function modelChooserOf(table: Record<string, unknown>): RelationFieldConfig | null {
  const chooser = activeSubTableChooser(table);
  if (!chooser?.modelId) return null;
  // the columns the dialog lists, and the fields a row copies from the chosen record
  return {
    modelId: chooser.modelId,
    relationField: '',
    columns: [...chooser.columns, ...chooserCopiedFields(chooser)],
  };
}

/**
 * The columns of design `modelId` the caller may pick from: null for a designer (any), else those its relation
 * fields show on the forms the caller reaches; refused when no such form reaches it
 */
export async function pickableColumns(
  app: AppContext,
  principal: Pick<Principal, 'userId' | 'isAdministrator'>,
  modelId: string,
  designer: boolean,
): Promise<Set<string> | null> {
  if (designer) return null;
  const [grants, cat] = await Promise.all([
    app.grants.forUser(principal.userId, principal.isAdministrator),
    app.catalogue.get(),
  ]);
  const hosts = await app.db
    .select({ id: visualRelease.id, formData: visualRelease.formData })
    .from(visualRelease)
    .where(like(visualRelease.formData, containsPattern(modelId)));
  const columns = new Set<string>();
  let reached = false;
  for (const host of hosts) {
    const links = relationFieldsIn(host.formData).filter((f) => f.modelId === modelId);
    if (!links.length) continue;
    const granted = linkedMenus(cat, host.id).some(
      (menu) => menu.type === ONLINE_FORM_MENU_TYPE && grants.modules.has(menu.id),
    );
    if (!granted) continue;
    reached = true;
    for (const link of links) for (const prop of [link.relationField, ...link.columns]) if (prop) columns.add(prop);
  }
  if (!reached) throw refuse('noPermission');
  return columns;
}

export interface PickRequest {
  relationField: string;
  columnOptions: string[];
}

/**
 * The model narrowed to the picker: its columns are relationField then columnOptions (listable fields of the
 * design the caller may pick, shown in the list or not), its keyword searches the text and number ones among them
 * — not masked ones, unless the caller reads them in clear (masksInClear): each keyword would test a guess of
 * the hidden value
 */
export function pickerModel(
  model: Model,
  req: PickRequest,
  allowed: ReadonlySet<string> | null,
  masksInClear = false,
): Model {
  const props = [...new Set([req.relationField, ...req.columnOptions].filter(Boolean))].filter((prop) => {
    const field = model.byVModel.get(prop);
    return !!field && isListableKey(field.__config__.jnpfKey) && (!allowed || allowed.has(prop));
  });
  const columns: ColumnItem[] = props.map((prop) => {
    const config = model.byVModel.get(prop)!.__config__;
    return { prop, label: typeof config.label === 'string' ? config.label : prop, jnpfKey: config.jnpfKey };
  });
  const searches: SearchItem[] = columns
    .filter((c) => KEYWORD_KEYS.has(c.jnpfKey) && (masksInClear || !isMaskedField(model.byVModel.get(c.prop)!)))
    .map((c) => ({ prop: c.prop, label: c.label, jnpfKey: c.jnpfKey, searchType: 2, isKeyword: true }));
  return { ...model, columns, searches };
}
