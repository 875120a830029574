// What a menu of type 3 (online form), 4 (dictionary), 5 (report) or 8 (portal) opens: the moduleId and isTree of
// its property JSON (a JSON text, V3 sends {"moduleId":"<id>","iconBackgroundColor":"","isTree":0}). A form must be
// a released design and a dictionary an existing category, whose isTree the menu takes; a report lives on the
// report server, outside the platform, so only its id's shape is checked; the platform has no portals, so a portal
// menu's moduleId is optional. Every other key (iconBackgroundColor, keys a newer client adds) is kept as sent.
import { eq } from 'drizzle-orm';
import { parseJsonText } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import { dictionaryType, visualRelease } from '../../db/schema/index.js';
import { invalidField } from '../../platform/errors.js';
import { m } from './messages.js';

/** the menu types whose property JSON names what they open */
export const TARGET_TYPES: ReadonlySet<number> = new Set([3, 4, 5, 8]);

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const REQUIRED = { 3: m.formRequired, 4: m.dictionaryRequired, 5: m.reportRequired } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The property JSON to store for a menu of `type` (already checked to be JSON text of at most 4,000 characters):
 * unchanged for the other types; for 3, 4, 5 and 8 checked, with isTree 0/1 (a dictionary's taken from it).
 */
export async function menuProperties(tx: Tx, type: number, propertyJson: string | null): Promise<string | null> {
  if (!TARGET_TYPES.has(type)) return propertyJson;
  const parsed: unknown = propertyJson === null ? {} : parseJsonText(propertyJson);
  if (!isObject(parsed)) throw invalidField('propertyJson', m.propertyInvalid);
  const { moduleId: given, isTree: flag } = parsed;
  if (given !== undefined && given !== null && typeof given !== 'string')
    throw invalidField('propertyJson.moduleId', m.moduleIdInvalid);
  const moduleId = (given ?? '').trim();
  if (flag !== undefined && flag !== null && flag !== 0 && flag !== 1)
    throw invalidField('propertyJson.isTree', m.isTreeInvalid);
  let isTree: number = flag ?? 0;
  if (!moduleId) {
    if (type === 8) return JSON.stringify({ ...parsed, isTree });
    throw invalidField('propertyJson.moduleId', REQUIRED[type as keyof typeof REQUIRED]);
  }
  if (!ID.test(moduleId)) throw invalidField('propertyJson.moduleId', m.moduleIdInvalid);
  if (type === 3) {
    const [form] = await tx
      .select({ id: visualRelease.id })
      .from(visualRelease)
      .where(eq(visualRelease.id, moduleId))
      .limit(1);
    if (!form) throw invalidField('propertyJson.moduleId', m.formNotFound);
  }
  if (type === 4) {
    const [category] = await tx
      .select({ isTree: dictionaryType.isTree })
      .from(dictionaryType)
      .where(eq(dictionaryType.id, moduleId))
      .limit(1);
    if (!category) throw invalidField('propertyJson.moduleId', m.dictionaryNotFound);
    isTree = category.isTree === 1 ? 1 : 0;
  }
  return JSON.stringify({ ...parsed, moduleId, isTree });
}
