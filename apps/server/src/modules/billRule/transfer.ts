// The .bb file: one number rule as a versioned JSON document.
//
//   { "format": "jnpf-bill-rule", "version": 1, "exportedAt": <ms>,
//     "rule": { "fullName", "enCode", "category" (businessType item id), "categoryEnCode", "prefix", "suffix",
//               "type", "dateFormat", "digit", "startNumber", "randomType", "randomDigit",
//               "enabledMark", "sortCode", "description" } }
//
// The rule's numbering state (outputNumber, counters) is not carried: an imported rule starts afresh. The
// category is found by id, else by its code in the businessType dictionary. Duplicate handling as for
// dictionaries: 0 skip (a rule with the same name or code is kept and the file's is skipped), 1 append (added
// as a copy "<name>.副本xxxxx" / "<code>xxxxx").
import { z } from 'zod';
import type { Language } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import type { AuditActor } from '../../platform/audit.js';
import { copyNames } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { NAME_MAX } from '../../platform/fields.js';
import { ruleFields } from './ruleBody.js';
import { dictionaryMessages as dm, readExchangeFile, SKIP_REASON, type ImportTally } from '../dictionary/index.js';
import { m } from './messages.js';
import { businessCategories, clashOf, createRule, type RuleRow } from './service.js';

export const BB_FORMAT = 'jnpf-bill-rule';
export const BB_VERSION = 1;
export const BB_EXTENSION = '.bb';
export const BB_MAX_BYTES = 256 * 1024;

const bbDocument = z.object({
  format: z.literal(BB_FORMAT),
  version: z.literal(BB_VERSION),
  exportedAt: z.number().int().nonnegative(),
  rule: z.object({ ...ruleFields, categoryEnCode: z.string().max(NAME_MAX).nullish() }),
});
type BbDocument = z.infer<typeof bbDocument>;

export function exportDocument(rule: RuleRow, categoryEnCode: string | null) {
  return {
    format: BB_FORMAT,
    version: BB_VERSION,
    exportedAt: Date.now(),
    rule: {
      fullName: rule.fullName,
      enCode: rule.enCode,
      category: rule.category,
      categoryEnCode,
      prefix: rule.prefix,
      suffix: rule.suffix,
      type: rule.type,
      dateFormat: rule.dateFormat,
      digit: rule.digit,
      startNumber: rule.startNumber,
      randomType: rule.randomType,
      randomDigit: rule.randomDigit,
      enabledMark: rule.enabledMark,
      sortCode: rule.sortCode,
      description: rule.description ?? '',
    },
  };
}

export function parseBb(fileName: string, bytes: Buffer, lang: Language): BbDocument {
  return readExchangeFile(fileName, bytes, lang, {
    extension: BB_EXTENSION,
    maxBytes: BB_MAX_BYTES,
    sizeText: '256KB',
    format: BB_FORMAT,
    version: BB_VERSION,
    wrongFormat: m.importWrongFormat,
    schema: bbDocument,
  });
}

export async function importBb(
  tx: Tx,
  actor: AuditActor,
  doc: BbDocument,
  mode: 0 | 1,
  lang: Language,
): Promise<ImportTally> {
  const { categoryEnCode, ...input } = doc.rule;
  const categories = await businessCategories(tx);
  const category =
    categories.find((c) => c.id === input.category) ?? categories.find((c) => c.enCode === categoryEnCode);
  if (!category) throw refuse(m.categoryNotFound);
  input.category = category.id;
  const clash = await clashOf(tx, input.fullName, input.enCode);
  if (clash && mode === 0)
    return {
      appended: [],
      skipped: [{ fullName: input.fullName, enCode: input.enCode, reason: SKIP_REASON[clash][lang] }],
      snum: 0,
      fnum: 1,
    };
  if (clash) {
    // the reference appends the characters to a rule's code without a dot
    const names = copyNames(input, NAME_MAX, '');
    if (!names) throw refuse(dm.importCopyTooLong);
    Object.assign(input, names);
  }
  const id = await createRule(tx, actor, input, 'import');
  return { appended: [{ id, fullName: input.fullName, enCode: input.enCode }], skipped: [], snum: 1, fnum: 0 };
}
