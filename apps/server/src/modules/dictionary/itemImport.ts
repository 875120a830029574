// The items of a dictionary category from a sheet, through the platform's import framework: each row is checked
// by the item form's own schema and saved by createItem (its uniqueness and parent rules), one transaction per
// batch. A parent is named by its code: an item of the category, or one an earlier row of the sheet creates.
import { and, eq } from 'drizzle-orm';
import { BUTTON } from '@jnpf/core';
import { z } from 'zod';
import { dictionaryData } from '../../db/schema/index.js';
import { refuse } from '../../platform/errors.js';
import { idOrCodeText } from '../../platform/fields.js';
import { defineMessages, t } from '../../platform/i18n.js';
import { actorOf } from '../../platform/request.js';
import {
  ERRORS_KEY,
  failureText,
  importRoutes,
  inSheetOrder,
  saveEach,
  type FailedRow,
} from '../../platform/sheetImport.js';
import type { SheetColumn, SheetRow } from '../../platform/sheets.js';
import { validate } from '../../platform/validation.js';
import { createItem, TOP, type ItemInput } from './items.js';
import { dictionariesChanged } from './kept.js';
import { itemCreateBody, screenOrCategoryMenu } from './routes.js';
import { typeById } from './types.js';
import { m } from './messages.js';

const texts = defineMessages('dictionary.import', {
  fullName: { zh: '字典名称', zhtw: '字典名稱', en: 'Name' },
  enCode: { zh: '字典编码', zhtw: '字典編碼', en: 'Code' },
  parent: { zh: '上级编码', zhtw: '上級編碼', en: 'Parent code' },
  sortCode: { zh: '排序', zhtw: '排序', en: 'Sort code' },
  enabledMark: { zh: '状态', zhtw: '狀態', en: 'State' },
  description: { zh: '说明', zhtw: '說明', en: 'Description' },
  parentNote: {
    zh: '上级字典的编码（仅树形字典），留空为顶级',
    zhtw: '上級字典的編碼（僅樹形字典），留空為頂級',
    en: 'The code of the parent item (tree categories only); empty for the top level',
  },
  sortNote: { zh: '0 到 999999 的整数', zhtw: '0 到 999999 的整數', en: 'A whole number from 0 to 999999' },
  stateNote: {
    zh: '启用或禁用，留空为启用',
    zhtw: '啟用或禁用，留空為啟用',
    en: 'Enabled or Disabled; empty is enabled',
  },
  enabled: { zh: '启用', zhtw: '啟用', en: 'Enabled' },
  disabled: { zh: '禁用', zhtw: '禁用', en: 'Disabled' },
  parentMissing: {
    zh: '找不到该上级字典（{code}）',
    zhtw: '找不到該上級字典（{code}）',
    en: 'No parent item with the code {code}',
  },
  stateInvalid: {
    zh: '状态只能是启用或禁用',
    zhtw: '狀態只能是啟用或禁用',
    en: 'The state is either Enabled or Disabled',
  },
});

const localized = (key: string) => ({ zh: t('zh', key), zhtw: t('zhtw', key), en: t('en', key) });

const COLUMNS: SheetColumn[] = [
  { key: 'fullName', label: localized(texts.fullName), width: 20 },
  { key: 'enCode', label: localized(texts.enCode), width: 20 },
  { key: 'parentCode', label: localized(texts.parent), width: 20, note: localized(texts.parentNote) },
  { key: 'sortCode', label: localized(texts.sortCode), width: 10, note: localized(texts.sortNote) },
  { key: 'enabledMark', label: localized(texts.enabledMark), width: 10, note: localized(texts.stateNote) },
  { key: 'description', label: localized(texts.description), width: 30 },
];

/** 启用/Enabled/1 → 1, 禁用/Disabled/0 → 0, empty → 1; anything else null */
function stateOf(text: string): 0 | 1 | null {
  const value = text.trim().toLowerCase();
  if (!value) return 1;
  const named = (key: string) => ['zh', 'zhtw', 'en'].map((l) => t(l as 'zh', key).toLowerCase());
  if (value === '1' || named(texts.enabled).includes(value)) return 1;
  if (value === '0' || named(texts.disabled).includes(value)) return 0;
  return null;
}

export const dictionaryItemImportRoutes = importRoutes({
  base: '/api/system/DictionaryData/:id',
  params: z.object({ id: idOrCodeText }),
  // the dictionary screen with its import button, or a dictionary menu of the category (type 4) with it
  permission: screenOrCategoryMenu(BUTTON.import),
  what: 'dictionary items of category {id}',
  async sheet({ app, params }) {
    const type = await typeById(app.db, params.id);
    if (!type) throw refuse(m.itemTypeNotFound);
    return { name: type.fullName, columns: COLUMNS };
  },
  async importRows({ app, req, params, lang }, rows) {
    const typeId = params.id;
    const actor = actorOf(req);
    const failed: FailedRow[] = [];
    const ready: { index: number; row: SheetRow; input: ItemInput & { parentCode: string } }[] = [];
    for (const [index, row] of rows.entries()) {
      const enabledMark = stateOf(row.enabledMark ?? '');
      const sortText = row.sortCode ?? '';
      const reasons: string[] = [];
      let input: ItemInput | null = null;
      try {
        input = validate(
          itemCreateBody,
          {
            dictionaryTypeId: typeId,
            parentId: TOP,
            fullName: row.fullName ?? '',
            enCode: row.enCode ?? '',
            enabledMark: enabledMark ?? 1,
            sortCode: /^\d+$/.test(sortText) ? Number(sortText) : sortText || 0,
            description: row.description || null,
          },
          lang,
          'row',
        );
      } catch (err) {
        reasons.push(failureText(err, lang));
      }
      if (enabledMark === null) reasons.push(t(lang, texts.stateInvalid));
      if (input && !reasons.length) ready.push({ index, row, input: { ...input, parentCode: row.parentCode ?? '' } });
      else failed.push({ index, row: { ...row, [ERRORS_KEY]: reasons.join('；') } });
    }
    const saved = await saveEach(app, lang, ready, async (tx, { parentCode, ...input }) => {
      let parentId = TOP;
      if (parentCode) {
        const [parent] = await tx
          .select({ id: dictionaryData.id })
          .from(dictionaryData)
          .where(and(eq(dictionaryData.dictionaryTypeId, typeId), eq(dictionaryData.enCode, parentCode)))
          .limit(1);
        if (!parent) throw refuse(texts.parentMissing, { code: parentCode });
        parentId = parent.id;
      }
      await createItem(tx, actor, { ...input, parentId });
    });
    if (saved.snum) await dictionariesChanged(app);
    const failResult = inSheetOrder([...failed, ...saved.failed]);
    return { snum: saved.snum, fnum: failResult.length, resultType: failResult.length ? 1 : 0, failResult };
  },
});
