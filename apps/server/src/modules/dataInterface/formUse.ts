// Which released online forms use a data interface: a field whose options come from it (dataType "dynamic",
// propsUrl), that picks its rows (popup select, autoComplete: interfaceId), or a sub-table whose select-data dialog
// lists them (addType 1, addTableConf.interfaceId). A signed-in user may call the interface's List, InfoByIds and
// GetFields through a granted menu of one of these forms.
import {
  activeSubTableChooser,
  isDynamicOptionField,
  isSubTableKey,
  parseDesignJson,
  type FieldConfig,
  type FormDataJson,
} from '@jnpf/core';
import { like } from 'drizzle-orm';
import { visualRelease } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { containsPattern } from '../../platform/paging.js';
import { BusCache } from '../../platform/sharedCache.js';

/** the type of a released online form's menus (its propertyJson.moduleId names the design) */
export const ONLINE_FORM_MENU_TYPE = 3;

/** the data interface a field reads, or null */
export function interfaceOfField(field: FieldConfig): string | null {
  if (isDynamicOptionField(field) && typeof field.__config__.propsUrl === 'string') return field.__config__.propsUrl;
  if (isSubTableKey(field.__config__.jnpfKey)) return activeSubTableChooser(field)?.interfaceId || null;
  const interfaceId = (field as { interfaceId?: unknown }).interfaceId;
  return typeof interfaceId === 'string' && interfaceId ? interfaceId : null;
}

/** does this formData (JSON text) have a field, sub-table columns included, reading the interface */
export function formUsesInterface(formData: string, interfaceId: string): boolean {
  const form = parseDesignJson<FormDataJson>(formData);
  if (!form || !Array.isArray(form.fields)) return false;
  // containers and sub-tables hold their items under __config__.children
  const visit = (fields: readonly FieldConfig[]): boolean =>
    fields.some(
      (f) =>
        !!f?.__config__ &&
        (interfaceOfField(f) === interfaceId || (Array.isArray(f.__config__.children) && visit(f.__config__.children))),
    );
  return visit(form.fields);
}

/** the bus channel on which any release or deletion of a released form is announced */
const CHANNEL = 'dataInterface:formUse';
const caches = new WeakMap<AppContext, BusCache<string[]>>();

function cacheOf(app: AppContext): BusCache<string[]> {
  let cache = caches.get(app);
  if (!cache) {
    cache = new BusCache(app.shared.bus, CHANNEL, (interfaceId) => readFormsUsing(interfaceId, app));
    caches.set(app, cache);
  }
  return cache;
}

/**
 * the ids of the released forms using the interface (the ids their menus link to), kept per interface until a
 * form is released again or deleted: a user's every option call would otherwise parse every released form that
 * names the interface
 */
export function formsUsingInterface(interfaceId: string, app: AppContext): Promise<string[]> {
  return cacheOf(app).get(interfaceId);
}

/**
 * after a form's release or deletion has committed: every process reads again which forms use each interface
 * (a release may add or drop any interface, so all are dropped; releases are rare beside option calls)
 */
export const releasedFormsChanged = (app: AppContext): Promise<void> => cacheOf(app).changed();

async function readFormsUsing(interfaceId: string, app: AppContext): Promise<string[]> {
  // the text must name the id; the parse then confirms a field reads it
  const rows = await app.db
    .select({ id: visualRelease.id, formData: visualRelease.formData })
    .from(visualRelease)
    .where(like(visualRelease.formData, containsPattern(interfaceId)));
  return rows.filter((r) => formUsesInterface(r.formData, interfaceId)).map((r) => r.id);
}
