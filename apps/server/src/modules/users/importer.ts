// Users from a sheet and users into a sheet. Import rows are display texts ("HQ/Sales", "经理/M01", "张三/zhang");
// each row is checked on its own and either created or reported back with every reason, joined by "；".
import { eq, inArray, sql } from 'drizzle-orm';
import { dictionaryItemName, fieldRules, type Language } from '@jnpf/core';
import type { Db, Tx } from '../../db/client.js';
import { organize, organizeRelation, position, role, user } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { noControl } from '../../platform/fields.js';
import type { ImportResult } from '../../platform/sheetImport.js';
import { t } from '../../platform/i18n.js';
import { newId } from '../../platform/ids.js';
import { blankIfNull } from '../../platform/rows.js';
import { emptyRelations, insertRelations, relationsOf, type OrganizeIndex } from '../organize/index.js';
import { dictionaryItems, type DictionaryItem } from '../dictionary/index.js';
import { ACCOUNT_PATTERN } from './fields.js';
import { m } from './messages.js';
import { defaultPasswordHash } from './service.js';
import { formatDate, parseDate, SHEET_COLUMNS, type SheetRow } from './spreadsheet.js';
import { effectiveState, type SafeUser } from './views.js';

const CHUNK = 500;

interface Dictionaries {
  sex: DictionaryItem[];
  Nation: DictionaryItem[];
  certificateType: DictionaryItem[];
  Education: DictionaryItem[];
  Rank: DictionaryItem[];
}

async function loadDictionaries(db: Db): Promise<Dictionaries> {
  const [sex, Nation, certificateType, Education, Rank] = await Promise.all(
    (['sex', 'Nation', 'certificateType', 'Education', 'Rank'] as const).map((code) => dictionaryItems(db, code)),
  );
  return { sex: sex!, Nation: Nation!, certificateType: certificateType!, Education: Education!, Rank: Rank! };
}

const nameOf = (items: DictionaryItem[], key: 'id' | 'enCode', value: string | number | null | undefined) =>
  value == null ? '' : (items.find((i) => i[key] === String(value))?.fullName ?? '');
/** the item a sheet names: by its stored name, or by the name an export in another language gave a seeded item */
const byName = (items: DictionaryItem[], name: string, shown?: DictionaryItem[]) =>
  items.find((i) => i.fullName === name) ?? shown?.find((i) => i.fullName === name);

/** the dictionaries with their seeded items named in `lang` (the stored names stay as they are) */
function translatedDictionaries(dicts: Dictionaries, lang: Language): Dictionaries {
  if (lang === 'zh') return dicts;
  const named = (code: keyof Dictionaries) =>
    dicts[code].map((i) => ({ ...i, fullName: dictionaryItemName(code, i.enCode, i.fullName, lang) }));
  return {
    sex: named('sex'),
    Nation: named('Nation'),
    certificateType: named('certificateType'),
    Education: named('Education'),
    Rank: named('Rank'),
  };
}

/**
 * the display texts of users for a sheet (export); `index` names the organisations as the sheet shows them (in
 * the caller's language), the seeded dictionary items are named in `lang`
 */
export async function exportRows(db: Db, index: OrganizeIndex, users: SafeUser[], lang: Language): Promise<SheetRow[]> {
  const ids = users.map((u) => u.id);
  const [relations, dicts] = await Promise.all([
    relationsOf(db, ids),
    loadDictionaries(db).then((d) => translatedDictionaries(d, lang)),
  ]);
  const all = [...relations.values()];
  const positionIds = [...new Set(all.flatMap((r) => r.Position))];
  const roleIds = [...new Set(all.flatMap((r) => r.Role))];
  const managerIds = [...new Set(users.map((u) => u.managerId).filter((x): x is string => !!x))];
  const [positions, roles, managers] = await Promise.all([
    positionIds.length
      ? db
          .select({ id: position.id, fullName: position.fullName, enCode: position.enCode })
          .from(position)
          .where(inArray(position.id, positionIds))
      : [],
    roleIds.length
      ? db.select({ id: role.id, fullName: role.fullName }).from(role).where(inArray(role.id, roleIds))
      : [],
    managerIds.length
      ? db
          .select({ id: user.id, realName: user.realName, account: user.account })
          .from(user)
          .where(inArray(user.id, managerIds))
      : [],
  ]);
  const state = (u: SafeUser) => {
    const s = effectiveState(u);
    return t(lang, s === 0 ? m.stateDisabled : s === 2 ? m.stateLocked : m.stateNormal);
  };
  return users.map((u) => {
    const rel = relations.get(u.id) ?? emptyRelations();
    const manager = managers.find((x) => x.id === u.managerId);
    return {
      account: u.account,
      realName: u.realName,
      gender: nameOf(dicts.sex, 'enCode', u.gender),
      email: u.email ?? '',
      organizeId: index.pathNames(rel.Organize, ';'),
      managerId: manager ? `${manager.realName}/${manager.account}` : '',
      positionId: rel.Position.map((id) => positions.find((p) => p.id === id))
        .filter((p) => !!p)
        .map((p) => `${p.fullName}/${p.enCode}`)
        .join(','),
      ranks: nameOf(dicts.Rank, 'id', u.ranks),
      roleId: rel.Role.map((id) => roles.find((r) => r.id === id)?.fullName)
        .filter(Boolean)
        .join(','),
      sortCode: String(u.sortCode ?? 0),
      delFlag: state(u),
      description: u.description ?? '',
      nation: nameOf(dicts.Nation, 'id', u.nation),
      nativePlace: u.nativePlace ?? '',
      entryDate: formatDate(u.entryDate),
      certificatesType: nameOf(dicts.certificateType, 'id', u.certificatesType),
      certificatesNumber: u.certificatesNumber ?? '',
      education: nameOf(dicts.Education, 'id', u.education),
      birthday: formatDate(u.birthday),
      ...blankIfNull(u, 'telePhone', 'landline', 'mobilePhone', 'urgentContacts', 'urgentTelePhone', 'postalAddress'),
    };
  });
}

/** a preview row: the sheet's texts under the reference's keys (status as delFlag and enabledMark) */
export function previewRow(row: SheetRow) {
  const out: Record<string, string> = {};
  for (const c of SHEET_COLUMNS) out[c.key] = row[c.key] ?? '';
  out.enabledMark = row.delFlag ?? row.enabledMark ?? '';
  return out;
}

const TEXT_LIMITS: Partial<Record<string, number>> = {
  description: 500,
  nativePlace: 100,
  certificatesNumber: 50,
  telePhone: 50,
  landline: 50,
  urgentContacts: 50,
  urgentTelePhone: 50,
  postalAddress: 200,
  email: 100,
  mobilePhone: 100,
};

const split = (text: string | undefined, separators: RegExp) =>
  (text ?? '')
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);

interface Prepared {
  row: Record<string, string>;
  values: typeof user.$inferInsert;
  memberships: { Organize: string[]; Position: string[]; Role: string[] };
}

/** checks and creates the rows; returns the reference's UserImportVO */
export async function importUsers(
  app: AppContext,
  actor: AuditActor,
  index: OrganizeIndex,
  input: Record<string, string>[],
  lang: Language,
  /** the organisations as an export in the caller's language names them (a sheet exported in English reads back) */
  shownIndex: OrganizeIndex = index,
): Promise<ImportResult> {
  const db = app.db;
  const rows = input.map((r) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(r)) out[k] = v == null ? '' : String(v).trim();
    if (!out.delFlag && out.enabledMark) out.delFlag = out.enabledMark;
    return out;
  });
  const accounts = [...new Set(rows.map((r) => r.account).filter((a): a is string => !!a))];
  const managerAccounts = [
    ...new Set(
      rows
        .map((r) =>
          split(r.managerId, /\s*,\s*/)[0]
            ?.split('/')
            .at(-1),
        )
        .filter((a): a is string => !!a),
    ),
  ];
  // one hash of the default password for the whole sheet: scrypt per row would take a minute for 1000 rows
  const passwordHash = defaultPasswordHash(app);
  passwordHash.catch(() => undefined);
  const [dicts, taken, managers, positions, roles, roleLinks] = await Promise.all([
    loadDictionaries(db),
    accounts.length ? db.select({ account: user.account }).from(user).where(inArray(user.account, accounts)) : [],
    managerAccounts.length
      ? db.select({ id: user.id, account: user.account }).from(user).where(inArray(user.account, managerAccounts))
      : [],
    db
      .select({
        id: position.id,
        fullName: position.fullName,
        enCode: position.enCode,
        organizeId: position.organizeId,
      })
      .from(position),
    db
      .select({ id: role.id, fullName: role.fullName, globalMark: role.globalMark })
      .from(role)
      .where(eq(role.enabledMark, 1)),
    db
      .select({ roleId: organizeRelation.objectId, organizeId: organizeRelation.organizeId })
      .from(organizeRelation)
      .where(eq(organizeRelation.objectType, 'Role')),
  ]);
  const shownDicts = translatedDictionaries(dicts, lang);
  const takenAccounts = new Set(taken.map((x) => x.account));
  const orgByPath = new Map<string, string>();
  const orgsByName = new Map<string, string[]>();
  for (const source of shownIndex === index ? [index] : [index, shownIndex])
    for (const node of source.ordered) {
      orgByPath.set(source.pathName(node.id), node.id);
      const named = orgsByName.get(node.fullName) ?? [];
      if (!named.includes(node.id)) orgsByName.set(node.fullName, [...named, node.id]);
    }
  const text = (key: string, params?: Record<string, string>) => t(lang, key, params);
  const label = (key: string) => SHEET_COLUMNS.find((c) => c.key === key)?.label[lang] ?? key;

  const failed: Record<string, string>[] = [];
  const ready: Prepared[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const errors: string[] = [];
    const account = row.account ?? '';
    if (!account) errors.push(text(m.rowAccountEmpty));
    else {
      if (takenAccounts.has(account) || seen.has(account)) errors.push(text(m.rowAccountExists));
      if (!ACCOUNT_PATTERN.test(account)) errors.push(text(m.rowAccountInvalid));
      if (account.length > 50) errors.push(text(m.rowAccountTooLong));
    }
    const realName = row.realName ?? '';
    if (!realName) errors.push(text(m.rowRealNameEmpty));
    else if (realName.length > 50) errors.push(text(m.rowTooLong, { field: label('realName') }));
    else if (!fieldRules.name.test(realName) || !noControl(realName)) errors.push(text(m.rowRealNameInvalid));

    const organizeIds: string[] = [];
    const orgTexts = split(row.organizeId, /[;；]/);
    if (!orgTexts.length) errors.push(text(m.rowOrganizeEmpty));
    else {
      const missing: string[] = [];
      for (const path of orgTexts) {
        const normalized = path
          .split('/')
          .map((s) => s.trim())
          .join('/');
        const byName = orgsByName.get(normalized);
        const id = orgByPath.get(normalized) ?? (byName?.length === 1 ? byName[0] : undefined);
        if (id) organizeIds.push(id);
        else missing.push(path);
      }
      if (missing.length) errors.push(text(m.rowOrganizeMissing, { names: missing.join('、') }));
    }

    let gender: number | null = null;
    if (!row.gender) errors.push(text(m.rowGenderEmpty));
    else {
      const item = byName(dicts.sex, row.gender, shownDicts.sex) ?? dicts.sex.find((i) => i.enCode === row.gender);
      if (item && /^\d+$/.test(item.enCode)) gender = Number(item.enCode);
      else errors.push(text(m.rowGenderMissing));
    }

    const positionIds: string[] = [];
    const missingPositions: string[] = [];
    for (const entry of split(row.positionId, /[,，]/)) {
      const [name, code] = entry.split('/').map((s) => s.trim());
      const found = positions.find(
        (p) => (code ? p.enCode === code : p.fullName === name) && organizeIds.includes(p.organizeId),
      );
      if (found) positionIds.push(found.id);
      else missingPositions.push(entry);
    }
    if (missingPositions.length) errors.push(text(m.rowPositionMissing, { names: missingPositions.join('、') }));

    const roleIds: string[] = [];
    const missingRoles: string[] = [];
    for (const name of split(row.roleId, /[,，]/)) {
      const found = roles.find(
        (r) =>
          r.fullName === name &&
          (r.globalMark === 1 || roleLinks.some((l) => l.roleId === r.id && organizeIds.includes(l.organizeId))),
      );
      if (found) roleIds.push(found.id);
      else missingRoles.push(name);
    }
    if (missingRoles.length) errors.push(text(m.rowRoleMissing, { names: missingRoles.join('、') }));

    let managerId: string | null = null;
    if (row.managerId) {
      const managerAccount = row.managerId.split('/').at(-1)?.trim();
      managerId = managers.find((x) => x.account === managerAccount)?.id ?? null;
      if (!managerId) errors.push(text(m.rowManagerMissing));
    }

    for (const [key, max] of Object.entries(TEXT_LIMITS))
      if ((row[key] ?? '').length > max!) errors.push(text(m.rowTooLong, { field: label(key) }));
    if (row.mobilePhone && !fieldRules.mobile.test(row.mobilePhone))
      errors.push(text(m.rowInvalid, { field: label('mobilePhone') }));
    if (row.email && !fieldRules.email.test(row.email)) errors.push(text(m.rowInvalid, { field: label('email') }));
    const certificateType = row.certificatesType
      ? byName(dicts.certificateType, row.certificatesType, shownDicts.certificateType)
      : undefined;
    if (certificateType?.enCode === '1' && row.certificatesNumber && !fieldRules.idCard.test(row.certificatesNumber))
      errors.push(text(m.rowInvalid, { field: label('certificatesNumber') }));
    let sortCode = 0;
    if (row.sortCode) {
      sortCode = Number(row.sortCode);
      if (!/^\d{1,6}$/.test(row.sortCode)) errors.push(text(m.rowInvalid, { field: label('sortCode') }));
    }
    const dates: Record<'birthday' | 'entryDate', number | null> = { birthday: null, entryDate: null };
    for (const key of ['birthday', 'entryDate'] as const) {
      if (!row[key]) continue;
      const ms = parseDate(row[key]);
      if (Number.isNaN(ms)) errors.push(text(m.rowInvalid, { field: label(key) }));
      else dates[key] = ms;
    }
    const status = (row.delFlag ?? '').toLowerCase();
    const enabledMark = [
      t('zh', m.stateDisabled),
      t('en', m.stateDisabled).toLowerCase(),
      t('zhtw', m.stateDisabled),
      '0',
    ].includes(status)
      ? 0
      : [t('zh', m.stateLocked), t('en', m.stateLocked).toLowerCase(), t('zhtw', m.stateLocked), '2'].includes(status)
        ? 2
        : 1;

    if (account) seen.add(account);
    if (errors.length) {
      failed.push({ ...row, errorsInfo: errors.join('；') });
      continue;
    }
    ready.push({
      row,
      memberships: {
        Organize: [...new Set(organizeIds)],
        Position: [...new Set(positionIds)],
        Role: [...new Set(roleIds)],
      },
      values: {
        id: newId(),
        account,
        realName: realName.normalize('NFC'),
        passwordHash: '',
        passwordSalt: '',
        gender,
        email: row.email || null,
        managerId,
        ranks: byName(dicts.Rank, row.ranks ?? '', shownDicts.Rank)?.id ?? null,
        sortCode,
        enabledMark,
        description: row.description || null,
        nation: byName(dicts.Nation, row.nation ?? '', shownDicts.Nation)?.id ?? null,
        nativePlace: row.nativePlace || null,
        entryDate: dates.entryDate,
        certificatesType: certificateType?.id ?? null,
        certificatesNumber: row.certificatesNumber || null,
        education: byName(dicts.Education, row.education ?? '', shownDicts.Education)?.id ?? null,
        birthday: dates.birthday,
        telePhone: row.telePhone || null,
        landline: row.landline || null,
        mobilePhone: row.mobilePhone || null,
        urgentContacts: row.urgentContacts || null,
        urgentTelePhone: row.urgentTelePhone || null,
        postalAddress: row.postalAddress || null,
        headIcon: '001.png',
        isAdministrator: 0,
        changePasswordDate: null,
        organizeId: organizeIds[0] ?? null,
        positionId:
          positionIds.find((id) => positions.find((p) => p.id === id)?.organizeId === organizeIds[0]) ??
          positionIds[0] ??
          null,
        creatorTime: Date.now(),
        creatorUserId: actor.userId,
      },
    });
  }

  let created = 0;
  let firstId: string | undefined;
  if (ready.length) {
    const password = await passwordHash;
    for (let start = 0; start < ready.length; start += CHUNK) {
      const chunk = ready.slice(start, start + CHUNK);
      await db.transaction(async (tx) => {
        const orgIds = [...new Set(chunk.flatMap((p) => p.memberships.Organize))];
        // the organisations are held against deletion; one deleted since the checks fails its rows
        const live = new Set(
          (await tx.select({ id: organize.id }).from(organize).where(inArray(organize.id, orgIds)).for('share')).map(
            (o) => o.id,
          ),
        );
        const usable = chunk.filter((p) => {
          if (p.memberships.Organize.every((id) => live.has(id))) return true;
          failed.push({ ...p.row, errorsInfo: text(m.rowOrganizeMissing, { names: p.row.organizeId ?? '' }) });
          return false;
        });
        if (!usable.length) return;
        const inserted = await insertUsers(
          tx,
          usable.map((p) => p.values),
          password,
        );
        const insertedIds = new Set(inserted);
        const now = Date.now();
        const relations = usable
          .filter((p) => insertedIds.has(p.values.id))
          .flatMap((p) =>
            (['Organize', 'Position', 'Role'] as const).flatMap((objectType) =>
              p.memberships[objectType].map((objectId, i) => ({
                userId: p.values.id,
                objectType,
                objectId,
                sortCode: i,
                creatorTime: now,
              })),
            ),
          );
        await insertRelations(tx, relations);
        // an account taken by someone else since the checks
        for (const p of usable)
          if (!insertedIds.has(p.values.id)) failed.push({ ...p.row, errorsInfo: text(m.rowAccountExists) });
        created += insertedIds.size;
        firstId ??= inserted[0];
        await writeAudit(tx, actor, {
          moduleName: 'users',
          action: 'import',
          after: { count: insertedIds.size, ids: [...insertedIds] },
        });
      });
    }
  }
  // lists, totals and subordinates in every process learn of the new users (none of them was cached itself)
  if (firstId) await app.directory.changed(firstId);
  return { snum: created, fnum: failed.length, resultType: failed.length ? 1 : 0, failResult: failed };
}

/** the columns an import sets, in the order of insertUsers' arrays */
const BULK_COLUMNS = [
  ['id', 'text'],
  ['account', 'text'],
  ['real_name', 'text'],
  ['gender', 'int'],
  ['email', 'text'],
  ['manager_id', 'text'],
  ['ranks', 'text'],
  ['sort_code', 'bigint'],
  ['enabled_mark', 'int'],
  ['description', 'text'],
  ['nation', 'text'],
  ['native_place', 'text'],
  ['entry_date', 'bigint'],
  ['certificates_type', 'text'],
  ['certificates_number', 'text'],
  ['education', 'text'],
  ['birthday', 'bigint'],
  ['tele_phone', 'text'],
  ['landline', 'text'],
  ['mobile_phone', 'text'],
  ['urgent_contacts', 'text'],
  ['urgent_tele_phone', 'text'],
  ['postal_address', 'text'],
  ['organize_id', 'text'],
  ['position_id', 'text'],
  ['creator_time', 'bigint'],
  ['creator_user_id', 'text'],
] as const;

const camel = (column: string) => column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Inserts many users with one statement of column arrays (unnest): a multi-row VALUES list of 500 users carries
 * 25,000 parameters and is several times slower, above all on PGlite. Accounts taken meanwhile are skipped;
 * returns the ids inserted.
 */
export async function insertUsers(
  tx: Tx,
  rows: (typeof user.$inferInsert)[],
  password: { hash: string; salt: string },
): Promise<string[]> {
  if (!rows.length) return [];
  const arrays = BULK_COLUMNS.map(([column, type]) => {
    const values = rows.map((r) => (r as Record<string, unknown>)[camel(column)] ?? null);
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  const columns = sql.raw(BULK_COLUMNS.map(([c]) => c).join(', '));
  const result = await tx.execute(sql`
    insert into base_user (${columns}, password_hash, password_salt, head_icon, is_administrator)
    select *, ${password.hash}, ${password.salt}, '001.png', 0 from unnest(${sql.join(arrays, sql`, `)})
    on conflict (account) do nothing
    returning id`);
  const out = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return (out as { id: string }[]).map((r) => r.id);
}
