// Online development (visual development) shapes: the form definition (formData), the list
// definition (columnData) and the fields inside them. One set of types for the server's validation and the
// web's designer and runtime views. The JSON travels as strings, as in the reference.
import { parseJsonText } from './jsonText.js';
import type { ComplexHeader } from './listExtras.js';
import type { Localized } from './messages.js';

/** Input keys whose value is the id (or, with `multiple`, the ids) of organisations, users, roles … */
export const DIRECTORY_PICKER_KEYS = [
  'organizeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'groupSelect',
] as const;
export type DirectoryPickerKey = (typeof DIRECTORY_PICKER_KEYS)[number];

/** The plain value widgets: they head both the designable widgets and the sub-table columns. */
const BASIC_INPUT_KEYS = ['input', 'textarea', 'inputNumber', 'switch', 'radio', 'checkbox', 'select'] as const;

/** The widget keys this version designs, renders and validates. */
export const INPUT_KEYS = [
  ...BASIC_INPUT_KEYS,
  'cascader',
  'datePicker',
  'timePicker',
  'uploadFile',
  'uploadImg',
  'uploadFz',
  'colorPicker',
  'rate',
  'slider',
  'editor',
  'billRule',
  ...DIRECTORY_PICKER_KEYS,
  'areaSelect',
  'treeSelect',
  'popupSelect',
  'popupTableSelect',
  'autoComplete',
  'popupAttr',
  'amount',
  'numRange',
  'calculate',
  'sign',
  'location',
  'usersSelect',
  'relationForm',
  'relationFormAttr',
] as const;

/** a record of another released form (modelId): its id is the value, its relationField the text shown */
export const isRelationFormKey = (key: unknown): key is 'relationForm' => key === 'relationForm';
/** shows a field (showField) of the record picked in a relation form of the form (relationField); stores nothing */
export const isRelationAttrKey = (key: unknown): key is 'relationFormAttr' => key === 'relationFormAttr';

/**
 * the keys a relation form or a print cannot show as a plain value of another form (FormDataFields filterType 1):
 * files, system fields, sub-tables, display-only items and the fields shown from a picked row
 */
export const NOT_PLAIN_VALUE_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'uploadImg',
  'uploadFz',
  'uploadFile',
  'modifyUser',
  'modifyTime',
  'link',
  'button',
  'alert',
  'text',
  'barcode',
  'qrcode',
  'table',
  'createUser',
  'createTime',
  'popupSelect',
  'currOrganize',
  'currPosition',
  'iframe',
  'popupAttr',
  'relationFormAttr',
]);

/** fields whose value is the id (propsValue) of a row of a data interface, or with `multiple` a list of them */
export const POPUP_PICK_KEYS = ['popupSelect', 'popupTableSelect'] as const;
export function isPopupPickKey(key: unknown): key is (typeof POPUP_PICK_KEYS)[number] {
  return key === 'popupSelect' || key === 'popupTableSelect';
}
/** free text suggested by a data interface */
export const isAutoCompleteKey = (key: unknown): key is 'autoComplete' => key === 'autoComplete';
/** shows a field of the row picked in a popup select of the form (stored too with isStorage) */
export const isPopupAttrKey = (key: unknown): key is 'popupAttr' => key === 'popupAttr';
/**
 * the attributes: a popup attribute or a relation-form attribute shows a field (showField) of what the field its
 * relationField names picked; in the main form that field is a main-form field, in a sub-table a column of the
 * same table (the attribute shows that row's pick)
 */
export const isAttributeKey = (key: unknown): key is 'popupAttr' | 'relationFormAttr' =>
  isPopupAttrKey(key) || isRelationAttrKey(key);
/** may an attribute of `attrKey` follow a field of `key`: a popup attribute a popup select, a relation-form one a relation form */
export function attributeFollows(attrKey: unknown, key: unknown): boolean {
  if (isPopupAttrKey(attrKey)) return isPopupPickKey(key);
  if (isRelationAttrKey(attrKey)) return isRelationFormKey(key);
  return false;
}

/** fields whose options are a tree: a cascader's value is the path to an option, a tree select's the option */
export const TREE_OPTION_KEYS = ['cascader', 'treeSelect'] as const;
export function isTreeOptionKey(key: unknown): key is (typeof TREE_OPTION_KEYS)[number] {
  return key === 'cascader' || key === 'treeSelect';
}

/** the levels an area field picks down to: 0 province, 1 city, 2 district (the default), 3 street */
export const AREA_LEVEL_DEFAULT = 2;
/** the deepest area level a field may ask for */
export const AREA_LEVEL_MAX = 3;
/** the level an area field picks down to (its `level`, within 0…3) */
export function areaLevelOf(field: { level?: unknown }): number {
  const level = Number(field.level ?? AREA_LEVEL_DEFAULT);
  return Number.isInteger(level) && level >= 0 && level <= AREA_LEVEL_MAX ? level : AREA_LEVEL_DEFAULT;
}
/**
 * the file fields: a list of stored files ({name, fileId, fileSize, fileExtension, url}); uploadFz (大文件上传) is
 * the chunked uploader with its per-file queue (hash, pause, resume), its value the same as uploadFile's
 */
export const UPLOAD_KEYS = ['uploadFile', 'uploadImg', 'uploadFz'] as const;
export function isUploadKey(key: unknown): key is (typeof UPLOAD_KEYS)[number] {
  return key === 'uploadFile' || key === 'uploadImg' || key === 'uploadFz';
}
/** the picture field: its refusals speak of pictures (张图片, 图片大小超过, 请上传图片) */
export const isImageUploadKey = (key: unknown): key is 'uploadImg' => key === 'uploadImg';
/** the picture types uploads take (stored under the type their bytes say) */
export const IMAGE_EXTENSIONS: readonly string[] = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'];

/**
 * The extensions a file field takes: pictures for uploadImg, else its `accept` (".pdf,.docx", "image/*"), or
 * null for any allowed type. JPEG is both jpg and jpeg (pictures are stored as jpg).
 */
export const VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'];
export const AUDIO_EXTENSIONS: readonly string[] = ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'];
/** what a MIME wildcard of a file field's accept stands for */
const WILDCARDS: Readonly<Record<string, readonly string[]>> = {
  'image/*': IMAGE_EXTENSIONS,
  'video/*': VIDEO_EXTENSIONS,
  'audio/*': AUDIO_EXTENSIONS,
};

const acceptTokens = (accept: unknown) =>
  String(accept ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

export function acceptedExtensions(field: { __config__: { jnpfKey: string }; accept?: unknown }): string[] | null {
  if (field.__config__.jnpfKey === 'uploadImg') return [...IMAGE_EXTENSIONS];
  const out = new Set<string>();
  for (const token of acceptTokens(field.accept)) {
    if (WILDCARDS[token]) WILDCARDS[token].forEach((e) => out.add(e));
    else if (/^\.[a-z0-9]{1,10}$/.test(token)) out.add(token.slice(1));
  }
  if (out.has('jpg') || out.has('jpeg')) ['jpg', 'jpeg'].forEach((e) => out.add(e));
  return out.size ? [...out] : null;
}

/** the kinds of file a file field's refusal names: image, video, audio, excel, word, pdf, txt, else the extension */
export type AcceptedKind = 'image' | 'video' | 'audio' | 'excel' | 'word' | 'pdf' | 'txt' | `.${string}`;
const KIND_OF_TOKEN: Readonly<Record<string, AcceptedKind>> = {
  'image/*': 'image',
  'video/*': 'video',
  'audio/*': 'audio',
  '.xls': 'excel',
  '.xlsx': 'excel',
  '.doc': 'word',
  '.docx': 'word',
  '.pdf': 'pdf',
  '.txt': 'txt',
};
/** the kinds a file field's accept names, in its order and each once; null when it takes any file */
export function acceptedKinds(field: { accept?: unknown }): AcceptedKind[] | null {
  const kinds = acceptTokens(field.accept)
    .map((token) => KIND_OF_TOKEN[token] ?? (/^\.[a-z0-9]{1,10}$/.test(token) ? (token as AcceptedKind) : null))
    .filter((kind): kind is AcceptedKind => kind !== null);
  return kinds.length ? [...new Set(kinds)] : null;
}

/** the kinds of file a file field takes, as its refusals name them: a picture field pictures; [] for any file */
export function fileKindsOf(field: { accept?: unknown; __config__?: { jnpfKey: string } }): AcceptedKind[] {
  return field.__config__?.jnpfKey === 'uploadImg' ? ['image'] : (acceptedKinds(field) ?? []);
}

/** where a file field's files are stored (the merge's `type`): pictures apart, only pictures */
export const uploadTypeOf = (key: string): 'annex' | 'annexpic' => (key === 'uploadImg' ? 'annexpic' : 'annex');
/** a file field's largest file as set: its fileSize in its sizeUnit (KB, MB, GB); 10 MB, 5 MB for uploadFz */
export function uploadSizeLimit(field: { fileSize?: unknown; sizeUnit?: unknown; __config__?: { jnpfKey: string } }): {
  size: number;
  unit: 'KB' | 'MB' | 'GB';
} {
  const size = Number(field.fileSize);
  const stated = String(field.sizeUnit ?? 'MB').toUpperCase();
  const unit = stated === 'KB' || stated === 'GB' ? stated : 'MB';
  const fallback = field.__config__?.jnpfKey === 'uploadFz' ? 5 : 10;
  return { size: Number.isFinite(size) && size > 0 ? size : fallback, unit };
}
/** a file field's largest file in bytes (uploadSizeLimit) */
export function uploadMaxBytes(field: Parameters<typeof uploadSizeLimit>[0]): number {
  const { size, unit } = uploadSizeLimit(field);
  return size * { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit];
}
/**
 * fields a visitor's public form leaves out: their choices come from the signed-in directory or area list, or
 * their files (a signature's picture too) go through the signed-in upload
 */
export function needsSignedInChoices(key: unknown): boolean {
  return (
    isDirectoryPickerKey(key) || isMixedPickerKey(key) || key === 'areaSelect' || isUploadKey(key) || key === 'sign'
  );
}

export function isDirectoryPickerKey(key: unknown): key is DirectoryPickerKey {
  return typeof key === 'string' && (DIRECTORY_PICKER_KEYS as readonly string[]).includes(key);
}

/** the mixed picker (users, roles, positions, groups and departments in one field) */
export const isMixedPickerKey = (key: unknown): key is 'usersSelect' => key === 'usersSelect';
/** the user picker (users only, with its tabs; the server widens a custom range's departments to their members) */
export const isUserPickerKey = (key: unknown): key is 'userSelect' => key === 'userSelect';

/**
 * What a mixed picker's entry names: its value is the picked id, "--", and the kind of what it is (a company counts
 * as a department, and may be any organisation); the directory picker of that kind checks and names it.
 */
export const MIXED_PICK_KINDS = {
  company: 'organizeSelect',
  department: 'depSelect',
  role: 'roleSelect',
  position: 'posSelect',
  group: 'groupSelect',
  user: 'userSelect',
} as const satisfies Record<string, DirectoryPickerKey>;
export type MixedPickType = keyof typeof MIXED_PICK_KINDS;

/**
 * the kinds a mixed picker offers only with `multiple` (or custom choices): a single one picks a user only, its
 * organisation tree only leading to them
 */
export const MIXED_MULTIPLE_ONLY_KINDS: ReadonlySet<DirectoryPickerKey> = new Set([
  'organizeSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
]);

/** one entry of a mixed picker's value: its id and the directory it is of, or null when it is not one */
export function parseMixedPick(entry: unknown): { id: string; type: MixedPickType; kind: DirectoryPickerKey } | null {
  if (typeof entry !== 'string' || entry.length > 150) return null;
  const at = entry.lastIndexOf('--');
  if (at <= 0) return null;
  const id = entry.slice(0, at);
  const type = entry.slice(at + 2);
  if (!Object.hasOwn(MIXED_PICK_KINDS, type)) return null;
  return { id, type: type as MixedPickType, kind: MIXED_PICK_KINDS[type as MixedPickType] };
}
/** the value of a picked entry of a mixed picker */
export const mixedPickValue = (id: string, type: MixedPickType) => `${id}--${type}`;

/** an entry of a mixed picker as compared with another: a company and a department alike, null when not one */
export function mixedPickKey(entry: unknown): string | null {
  const pick = parseMixedPick(entry);
  return pick ? `${pick.id}--${pick.type === 'company' ? 'department' : pick.type}` : null;
}

/**
 * A picker field's custom mode (selectType "custom"): the entries it may pick from, ableIds with
 * ableRelationIds ("id--type" for the mixed picker and for the user picker's departments, roles, positions
 * and groups; a bare id or "id--user" for a user). Null when the field may pick from the whole directory.
 */
export function pickerAbleIds(field: object): string[] | null {
  const { selectType, ableIds, ableRelationIds } = field as Record<string, unknown>;
  if (selectType !== 'custom') return null;
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
  return [...new Set([...list(ableIds), ...list(ableRelationIds)])];
}

/**
 * What a directory picker other than the user picker picks, as a mixed picker's entry names it ("id--kind"): the
 * organisation picker any organisation (named as a company), the others their own directory.
 */
export const DIRECTORY_PICK_TYPES = {
  organizeSelect: 'company',
  depSelect: 'department',
  posSelect: 'position',
  roleSelect: 'role',
  groupSelect: 'group',
} as const satisfies Record<Exclude<DirectoryPickerKey, 'userSelect'>, MixedPickType>;
export type ListedPickerKey = keyof typeof DIRECTORY_PICK_TYPES;

/** an organisation, department, position, role or group picker: one whose custom mode lists its ableIds as they are */
export const isListedPickerKey = (key: unknown): key is ListedPickerKey =>
  typeof key === 'string' && Object.hasOwn(DIRECTORY_PICK_TYPES, key);

/**
 * The ids an organisation, department, position, role or group picker in custom mode may pick (pickerAbleIds): its
 * ableIds as ids of its own directory, each a bare id or "id--kind" of that kind (an organisation picker takes a
 * company or a department). Null in "all" mode and for the other pickers.
 */
export function listedAbleIds(field: { __config__: { jnpfKey: string } }): string[] | null {
  const key = field.__config__.jnpfKey;
  const ids = pickerAbleIds(field);
  if (!ids || !isListedPickerKey(key)) return null;
  const own = (kind: DirectoryPickerKey) => kind === key || (key === 'organizeSelect' && kind === 'depSelect');
  const out = ids.flatMap((entry) => {
    const pick = parseMixedPick(entry);
    return !pick ? [entry] : own(pick.kind) ? [pick.id] : [];
  });
  return [...new Set(out)];
}

/** a picker in custom mode with nothing it may pick (pickerAbleIds, for the listed pickers listedAbleIds) */
export const pickerScopeEmpty = (field: { __config__: { jnpfKey: string } }): boolean =>
  (listedAbleIds(field) ?? pickerAbleIds(field))?.length === 0;

/**
 * The user picker's system variable (系统变量, offered with hasSys): the value stays this id in the record and
 * stands for the signed-in user where it is used (a default, a filter); it shows as SYSTEM_USER_NAMES.
 */
export const SYSTEM_USER_ID = 'currentUser';
export const SYSTEM_USER_NAMES: Localized = { zh: '当前用户', zhtw: '當前用戶', en: 'Current user' };

/** whether a field may hold the system variable SYSTEM_USER_ID: a user picker with hasSys, not in custom mode */
export function pickerHasSystemUser(field: { __config__: { jnpfKey: string } }): boolean {
  const { hasSys, selectType } = field as unknown as Record<string, unknown>;
  return isUserPickerKey(field.__config__.jnpfKey) && hasSys === true && selectType !== 'custom';
}

/**
 * A tree select with lastLevel on: the hasChildren value a pickable node must have (false unless the field says
 * true: only the leaves by default); null when any node may be picked. Only hasChildren is known as a node key.
 */
export function treeSelectLastLevel(field: {
  __config__: { jnpfKey: string };
  lastLevel?: unknown;
  lastLevelValue?: unknown;
}): boolean | null {
  if (field.__config__.jnpfKey !== 'treeSelect' || field.lastLevel !== true) return null;
  return field.lastLevelValue === true || field.lastLevelValue === 'true';
}

/** an organisation picker's options: auth (the caller's permitted organisations only), isOnlyOrg (companies only) */
export function organizePickerFlags(field: { __config__: { jnpfKey: string }; auth?: unknown; isOnlyOrg?: unknown }): {
  auth: boolean;
  onlyOrg: boolean;
} {
  const organizer = field.__config__.jnpfKey === 'organizeSelect';
  return { auth: organizer && field.auth === true, onlyOrg: organizer && field.isOnlyOrg === true };
}

/** a slider whose value is a pair [low, high] (its range prop) */
export function isRangeSlider(field: { __config__?: { jnpfKey?: string }; range?: unknown }): boolean {
  return field.__config__?.jnpfKey === 'slider' && field.range === true;
}

/** fields whose value is a list: checkboxes, and selects and pickers with `multiple` */
export function isMultiValueField(field: { __config__: { jnpfKey: string }; multiple?: unknown }): boolean {
  const key = field.__config__.jnpfKey;
  return (
    key === 'checkbox' ||
    ((key === 'select' ||
      key === 'treeSelect' ||
      isDirectoryPickerKey(key) ||
      isMixedPickerKey(key) ||
      isPopupPickKey(key)) &&
      field.multiple === true)
  );
}
/** Filled by the server on save, shown read-only in forms. */
export const SYSTEM_KEYS = [
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currPosition',
] as const;
/**
 * Layout and display-only items: no value. `row` and `card` hold children; barcode, QR code, iframe, button and
 * link only show something (a code drawn from text or a field, a page, a button, a link).
 */
export const LAYOUT_KEYS = [
  'groupTitle',
  'divider',
  'text',
  'alert',
  'row',
  'card',
  'tab',
  'collapse',
  'tableGrid',
  'barcode',
  'qrcode',
  'iframe',
  'button',
  'link',
] as const;
/**
 * The sub-table (设计子表): its __config__.children are its columns, and its value is a list of rows, each an
 * object of the columns' values keyed by their __vModel__ (unique across the whole form).
 */
export const SUB_TABLE_KEY = 'table';
/**
 * the widgets a sub-table's columns may be: plain values, the calculated cell (computed per row), the
 * organisation, department, position, role, group and user pickers and the mixed picker (each row's ids checked
 * against the directory), the data-interface popups (popup select, popup table select, autoComplete: a
 * parameter bound to another column reads that row's cell), the relation form (a record of another form) and the
 * attributes showing a field of what a popup or relation-form column of the same row picked. No layout or system
 * items, no files.
 */
export const SUB_TABLE_COLUMN_KEYS = [
  ...BASIC_INPUT_KEYS,
  'datePicker',
  'timePicker',
  'colorPicker',
  'rate',
  'slider',
  'calculate',
  ...DIRECTORY_PICKER_KEYS,
  'usersSelect',
  'popupSelect',
  'popupTableSelect',
  'autoComplete',
  'popupAttr',
  'relationForm',
  'relationFormAttr',
] as const satisfies readonly (typeof INPUT_KEYS)[number][];
/** the most rows one sub-table holds */
export const SUB_TABLE_ROWS_MAX = 1000;

export type InputKey = (typeof INPUT_KEYS)[number];
export type SystemKey = (typeof SYSTEM_KEYS)[number];
export type LayoutKey = (typeof LAYOUT_KEYS)[number];
export type SubTableKey = typeof SUB_TABLE_KEY;
export type OnlineFieldKey = InputKey | SubTableKey | SystemKey | LayoutKey;

export const ONLINE_FIELD_KEYS: readonly OnlineFieldKey[] = [
  ...INPUT_KEYS,
  SUB_TABLE_KEY,
  ...SYSTEM_KEYS,
  ...LAYOUT_KEYS,
];
const VALUE_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set<string>([...INPUT_KEYS, SUB_TABLE_KEY, ...SYSTEM_KEYS]);
/**
 * The parts of the containers, never widgets of their own: a tab's panes (tabItem) and a collapse's panels
 * (collapseItem), each `{title, name, __config__: {jnpfKey, formId, children}}` holding form items, and a table
 * grid's rows (tableGridTr) holding its cells (tableGridTd: colspan, rowspan, merged, backgroundColor), which hold
 * form items.
 */
export const CONTAINER_PART_KEYS = ['tabItem', 'collapseItem', 'tableGridTr', 'tableGridTd'] as const;
export type ContainerPartKey = (typeof CONTAINER_PART_KEYS)[number];
/** each container and the part its __config__.children are (row and card hold form items themselves) */
export const CONTAINER_PARTS: Readonly<Record<string, ContainerPartKey | null>> = {
  row: null,
  card: null,
  tab: 'tabItem',
  collapse: 'collapseItem',
  tableGrid: 'tableGridTr',
  tableGridTr: 'tableGridTd',
  tabItem: null,
  collapseItem: null,
  tableGridTd: null,
};
/** Keys whose value is an array (stored as JSON arrays). */
export const ARRAY_VALUED_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set<string>([
  'checkbox',
  'areaSelect',
  'cascader',
  'uploadFile',
  'uploadImg',
  'uploadFz',
  SUB_TABLE_KEY,
  'numRange',
]);

/** a field holding one value, never a list: what a tree table's parent field must be */
export function holdsOneValue(field: { __config__: { jnpfKey: string }; multiple?: unknown }): boolean {
  return !isMultiValueField(field) && !ARRAY_VALUED_KEYS.has(field.__config__.jnpfKey);
}

export function isOnlineFieldKey(key: unknown): key is OnlineFieldKey {
  return typeof key === 'string' && (ONLINE_FIELD_KEYS as readonly string[]).includes(key);
}
export function isValueKey(key: string): boolean {
  return VALUE_KEYS.has(key);
}
export function isSubTableKey(key: unknown): key is SubTableKey {
  return key === SUB_TABLE_KEY;
}
export function isSubTableColumnKey(key: unknown): boolean {
  return typeof key === 'string' && (SUB_TABLE_COLUMN_KEYS as readonly string[]).includes(key);
}
/** keys whose value only the form shows: a sub-table's rows, an editor's rich text */
const FORM_ONLY_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  SUB_TABLE_KEY,
  'editor',
  'uploadFile',
  'uploadImg',
  'uploadFz',
]);
/** value fields a list can show as a column or search by (not those only the form shows) */
export function isListableKey(key: string): boolean {
  return VALUE_KEYS.has(key) && !FORM_ONLY_KEYS.has(key);
}
export function isSystemKey(key: string): key is SystemKey {
  return (SYSTEM_KEYS as readonly string[]).includes(key);
}
/**
 * whether __config__.children holds form items or container parts that hold them: the containers and their
 * parts (what a walk over a design's fields descends into)
 */
export function isContainerKey(key: unknown): boolean {
  return typeof key === 'string' && Object.hasOwn(CONTAINER_PARTS, key);
}
export function isContainerPartKey(key: unknown): key is ContainerPartKey {
  return typeof key === 'string' && (CONTAINER_PART_KEYS as readonly string[]).includes(key);
}
/** the part a container's children must be, or null when they are form items (row, card, pane, panel, cell) */
export function partOfContainer(key: unknown): ContainerPartKey | null {
  return typeof key === 'string' && Object.hasOwn(CONTAINER_PARTS, key) ? CONTAINER_PARTS[key]! : null;
}

type LooseNode = Record<string, unknown>;
const isNode = (value: unknown): value is LooseNode & { __config__: LooseNode } =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !!(value as LooseNode).__config__ &&
  typeof (value as LooseNode).__config__ === 'object';

/**
 * The lists of form items a container holds, each with its JSON path below the container: a row's or card's
 * children, each pane's or panel's children, each cell's children (through its row). Parts that are not what
 * the container holds are skipped (containerProblems names them). Empty for an item that holds no items.
 */
export function itemListsOf(field: unknown, at = ''): { at: string; items: FieldConfig[] }[] {
  if (!isNode(field) || !isContainerKey(field.__config__.jnpfKey)) return [];
  const children = field.__config__.children;
  if (!Array.isArray(children)) return [];
  const here = `${at}__config__.children`;
  const part = partOfContainer(field.__config__.jnpfKey);
  if (!part) return [{ at: here, items: children as FieldConfig[] }];
  return children.flatMap((child: unknown, i) =>
    isNode(child) && child.__config__.jnpfKey === part ? itemListsOf(child, `${here}.${i}.`) : [],
  );
}

/** a container's well-formed parts: a tab's panes, a collapse's panels, a table grid's rows, a row's cells */
export function partsOf(field: unknown): FieldConfig[] {
  if (!isNode(field)) return [];
  const part = partOfContainer(field.__config__.jnpfKey);
  const children = field.__config__.children;
  if (!part || !Array.isArray(children)) return [];
  return children.filter(
    (child: unknown) => isNode(child) && child.__config__.jnpfKey === part && Array.isArray(child.__config__.children),
  ) as FieldConfig[];
}

/**
 * A new part of a container: `props` beside its __config__ (a pane's or panel's title and name), `config` in it
 * (a cell's spans and colour). Parts travel in their container's children list as its items do, so they are typed
 * as items.
 */
export function newContainerPart(
  jnpfKey: ContainerPartKey,
  formId: number,
  props: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
  children: FieldConfig[] = [],
): FieldConfig {
  return { ...props, __config__: { jnpfKey, formId, ...config, children }, __vModel__: '' } as unknown as FieldConfig;
}

/** every form item a container holds, its parts passed through (not the items' own items) */
export const itemsOf = (field: unknown): FieldConfig[] => itemListsOf(field).flatMap((list) => list.items);

/** what can be wrong with a container's parts (the messages are the server's and the designer's) */
export type ContainerProblemCode = 'containerEmpty' | 'containerPartInvalid' | 'paneNameDuplicate' | 'cellSpanInvalid';

const isSpan = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 1);
const hasText = (value: unknown) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

/**
 * The problems of a container's parts, each at its JSON path below the container: a tab, collapse or table
 * grid without parts, a part of the wrong kind or without its list of children, a pane or panel without a
 * title or name or with a name another has, a cell whose colspan or rowspan is not a whole number from 1.
 */
export function containerProblems(field: unknown, at = ''): { at: string; code: ContainerProblemCode }[] {
  if (!isNode(field)) return [];
  const part = partOfContainer(field.__config__.jnpfKey);
  const children = field.__config__.children;
  const here = `${at}__config__.children`;
  if (!part) return [];
  if (!Array.isArray(children) || !children.length) return [{ at: here, code: 'containerEmpty' }];
  const problems: { at: string; code: ContainerProblemCode }[] = [];
  const names = new Set<string>();
  children.forEach((child: unknown, i) => {
    const path = `${here}.${i}`;
    if (!isNode(child) || child.__config__.jnpfKey !== part || !Array.isArray(child.__config__.children)) {
      problems.push({ at: path, code: 'containerPartInvalid' });
      return;
    }
    if (part === 'tabItem' || part === 'collapseItem') {
      if (!hasText(child.title) || !hasText(child.name)) problems.push({ at: path, code: 'containerPartInvalid' });
      else if (names.has(String(child.name))) problems.push({ at: `${path}.name`, code: 'paneNameDuplicate' });
      else names.add(String(child.name));
    }
    if (part === 'tableGridTd' && (!isSpan(child.__config__.colspan) || !isSpan(child.__config__.rowspan)))
      problems.push({ at: `${path}.__config__`, code: 'cellSpanInvalid' });
    problems.push(...containerProblems(child, `${path}.`));
  });
  return problems;
}

export interface FieldOption {
  fullName: string;
  id: string;
  /** tree options (cascader, treeSelect) */
  children?: FieldOption[];
}

/** `__config__` of a field; only the keys this version reads are typed. */
export interface FieldConfigMeta {
  jnpfKey: OnlineFieldKey;
  label: string;
  showLabel?: boolean;
  tipLabel?: string;
  labelWidth?: number;
  span?: number;
  layout?: 'colFormItem' | 'rowFormItem';
  required?: boolean;
  defaultValue?: unknown;
  /**
   * static options, a dictionary type (id) whose enabled items are the options, or (dynamic) the rows of the
   * data interface `propsUrl` called with `templateJson`'s parameters
   */
  dataType?: 'static' | 'dictionary' | 'dynamic';
  dictionaryType?: string;
  /** dynamic options: the data interface's id, and its name as the designer shows it */
  propsUrl?: string;
  propsName?: string;
  /** dynamic options: each interface parameter and where its value comes from */
  templateJson?: InterfaceParamBinding[];
  regList?: { pattern: string; message: string }[];
  /** formId and renderKey identify the item in the designer */
  formId: number;
  renderKey?: number;
  /** `row` and `card`: their items; `tab`, `collapse`, `tableGrid`: their parts (CONTAINER_PARTS); `table`: its
   * columns */
  children?: FieldConfig[];
  /** table: show the label as the sub-table's title */
  showTitle?: boolean;
  /** table: show a total row summing `summaryField` */
  showSummary?: boolean;
  /** table: the columns (__vModel__) the total row sums */
  summaryField?: string[];
  /** table: parent headers over its columns (id, fullName, align, childColumns of column __vModel__s) */
  complexHeaderList?: ComplexHeader[];
  /** a sub-table's column: its cells' alignment and whether it stays at the table's left or right edge */
  tableAlign?: 'left' | 'center' | 'right';
  tableFixed?: 'none' | 'left' | 'right';
  /** not shown in the form */
  noShow?: boolean;
  /** the value must be unique among the model's records */
  unique?: boolean;
  tableName?: string;
  [key: string]: unknown;
}

/**
 * Where a data-interface parameter of a field takes its value (the reference's `sourceType`): 1 another field of
 * the form (`relationField` its __vModel__), 2 a literal (`defaultValue`), 3 nothing, 4 a system variable
 * (`relationField` its name, e.g. "@userId"), resolved by the server for the caller.
 */
export const PARAM_SOURCE = { field: 1, literal: 2, empty: 3, variable: 4 } as const;

export interface InterfaceParamBinding {
  /** the interface parameter */
  field: string;
  fieldName?: string;
  dataType?: string;
  required?: number;
  sourceType?: number;
  relationField?: string;
  defaultValue?: unknown;
  jnpfKey?: string;
}

/** The system variables a parameter may take (their values are the caller's, resolved by the server). */
export const PARAM_VARIABLES = [
  '@userId',
  '@userAndSubordinates',
  '@organizeId',
  '@organizationAndSuborganization',
  '@positionId',
  '@formId',
  '@currentTime',
] as const;

/** An option field (select, radio, checkbox, cascader, tree select) whose options come from a data interface. */
export function isDynamicOptionField(field: { __config__: { dataType?: unknown; propsUrl?: unknown } }): boolean {
  return field.__config__.dataType === 'dynamic';
}

/**
 * The paramList a field sends to its data interface: values of fields (sourceType 1) taken from `values`, literals
 * as they are, variables named (the server resolves them), empty ones empty.
 */
export function interfaceParamList(
  bindings: readonly InterfaceParamBinding[] | undefined,
  values: Readonly<Record<string, unknown>>,
): { field: string; defaultValue: unknown; sourceType?: number; relationField?: string }[] {
  return (Array.isArray(bindings) ? bindings : [])
    .filter((b) => b && typeof b.field === 'string' && b.field)
    .map((b) => {
      const source = Number(b.sourceType ?? PARAM_SOURCE.literal);
      if (source === PARAM_SOURCE.field)
        return { field: b.field, defaultValue: b.relationField ? (values[b.relationField] ?? '') : '' };
      if (source === PARAM_SOURCE.variable)
        return { field: b.field, defaultValue: '', sourceType: source, relationField: b.relationField ?? '' };
      if (source === PARAM_SOURCE.empty) return { field: b.field, defaultValue: '' };
      return { field: b.field, defaultValue: b.defaultValue ?? '' };
    });
}

/** The fields of the form whose values a dynamic field's parameters read (re-fetch when one changes). */
export function boundFieldsOf(bindings: readonly InterfaceParamBinding[] | undefined): string[] {
  return (Array.isArray(bindings) ? bindings : [])
    .filter(
      (b) => Number(b?.sourceType) === PARAM_SOURCE.field && typeof b.relationField === 'string' && b.relationField,
    )
    .map((b) => b.relationField as string);
}

/** One item of formData.fields. Component properties sit beside `__config__` (placeholder, options, …). */
export interface FieldConfig {
  __config__: FieldConfigMeta;
  /** the record key; empty for layout items */
  __vModel__: string;
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  clearable?: boolean;
  /** select: more than one value */
  multiple?: boolean;
  /** user picker: offer the system variable "current user" (SYSTEM_USER_ID) */
  hasSys?: boolean;
  filterable?: boolean;
  options?: FieldOption[];
  /** the option keys (tree options also `children`); a cascader with checkStrictly may stop above a leaf */
  props?: { label: string; value: string; children?: string; checkStrictly?: boolean };
  /** cascader: show the whole path (default) or only the last option */
  showAllLevels?: boolean;
  /** tree select: only nodes whose `lastLevelKey` (hasChildren) equals `lastLevelValue` (false) can be picked */
  lastLevel?: boolean;
  lastLevelKey?: string;
  lastLevelValue?: unknown;
  /** organisation picker: only the caller's permitted organisations (auth); only companies (isOnlyOrg) */
  auth?: boolean;
  isOnlyOrg?: boolean;
  /** input / textarea */
  maxlength?: number;
  /** autoComplete: the most suggestions shown (default 50) */
  total?: number;
  showWordLimit?: boolean;
  prefixIcon?: string;
  suffixIcon?: string;
  /** textarea rows */
  autosize?: { minRows: number; maxRows: number };
  /** inputNumber / slider / rate */
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  /** slider: its value is a pair [low, high] (范围选择) */
  range?: boolean;
  /** switch */
  activeTxt?: string;
  inactiveTxt?: string;
  activeValue?: number | string;
  inactiveValue?: number | string;
  /** datePicker type: date | datetime; format in the reference's tokens (yyyy-MM-dd HH:mm:ss) */
  type?: string;
  format?: string;
  /** areaSelect: the level picked down to (0 province … 3 street) */
  level?: number;
  /** uploadFile / uploadImg / uploadFz: the most files (0 = no limit), the largest file (fileSize in sizeUnit), the types */
  limit?: number;
  fileSize?: number;
  sizeUnit?: 'KB' | 'MB' | 'GB';
  /** uploadFile / uploadFz: the extensions taken (".pdf,.docx"; empty = any allowed type) */
  accept?: string;
  buttonText?: string;
  tipText?: string;
  /** billRule: the number rule's enCode */
  rule?: string;
  /** groupTitle / divider / text / alert content */
  content?: string;
  contentPosition?: 'left' | 'center' | 'right';
  title?: string;
  /** card header */
  header?: string;
  /** table: the text of the add-row button */
  actionText?: string;
  /** location: fill the place on a new record from where the browser is */
  autoLocation?: boolean;
  /** location: the choice must lie within adjustmentScope metres (default 500) of where the user stood */
  enableLocationScope?: boolean;
  adjustmentScope?: number;
  /** location: the choice must lie inside one of the circles of locationScope */
  enableDesktopLocation?: boolean;
  locationScope?: { lng: number | string; lat: number | string; radius: number | string }[];
  [key: string]: unknown;
}

export type PopupType = 'general' | 'fullScreen' | 'drawer';

/** formData, the keys this version reads. */
export interface FormDataJson {
  formRef?: string;
  formModel?: string;
  size?: 'small' | 'middle' | 'large' | string;
  labelPosition?: 'left' | 'right' | 'top';
  labelWidth?: number;
  gutter?: number;
  span?: number;
  disabled?: boolean;
  popupType?: PopupType;
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  hasCancelBtn?: boolean;
  cancelButtonText?: string;
  hasConfirmBtn?: boolean;
  confirmButtonText?: string;
  hasConfirmAndAddBtn?: boolean;
  confirmAndAddText?: string;
  /** a 打印 button in the form of an existing record, printing it with the template printId */
  hasPrintBtn?: boolean;
  printButtonText?: string;
  printId?: string;
  primaryKeyPolicy?: 1 | 2;
  idGlobal?: number;
  fields: FieldConfig[];
  [key: string]: unknown;
}

/** searchType of a search field: 1 equal, 2 fuzzy, 3 range */
export type SearchType = 1 | 2 | 3;

/**
 * keys a list cannot search by, as in the reference designer (colour, switch, rich text, uploads …); a cascader
 * and an area field are searched by a path, the mixed picker by its entries
 */
const NOT_SEARCHABLE: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'colorPicker',
  'switch',
  'editor',
  'uploadFile',
  'uploadImg',
  'uploadFz',
  'popupSelect',
  'popupTableSelect',
  'popupAttr',
  SUB_TABLE_KEY,
  'numRange',
  'calculate',
  'sign',
  'location',
  'relationForm',
  'relationFormAttr',
]);
const FUZZY_SEARCH: ReadonlySet<string> = /* @__PURE__ */ new Set(['input', 'textarea', 'billRule', 'autoComplete']);
const RANGE_SEARCH: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'inputNumber',
  'datePicker',
  'timePicker',
  'createTime',
  'modifyTime',
  'rate',
  'slider',
  'amount',
]);

/** the keys a picker's keyword searches, as the reference's: text a user types, and numbers */
export const KEYWORD_SEARCH_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([...FUZZY_SEARCH, 'inputNumber']);

export function isSearchable(key: OnlineFieldKey): boolean {
  return !NOT_SEARCHABLE.has(key);
}

/** 2 fuzzy for text, 3 range for numbers and times, 1 equal for the rest */
export function defaultSearchType(key: OnlineFieldKey): SearchType {
  if (FUZZY_SEARCH.has(key)) return 2;
  if (RANGE_SEARCH.has(key)) return 3;
  return 1;
}

/** the search types a key allows: equal always; fuzzy for text; range for numbers and times */
export function searchTypesOf(key: OnlineFieldKey): SearchType[] {
  if (FUZZY_SEARCH.has(key)) return [1, 2];
  if (RANGE_SEARCH.has(key)) return [1, 3];
  return [1];
}

export interface ColumnItem {
  label: string;
  /** the field's __vModel__ */
  prop: string;
  jnpfKey: OnlineFieldKey;
  fixed?: 'none' | 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
  /** px; absent = flexible */
  width?: number | null;
  [key: string]: unknown;
}

export interface SearchItem {
  label: string;
  prop: string;
  jnpfKey: OnlineFieldKey;
  searchType: SearchType;
  /** also matched by the list's keyword box */
  isKeyword?: boolean;
  searchMultiple?: boolean;
  [key: string]: unknown;
}

export interface ButtonItem {
  value: string;
  icon?: string;
  label: string;
}

/** The kinds of list: 1 plain, 2 tree on the left filtering the table, 3 grouped, 4 editable rows, 5 tree table. */
export const LIST_TYPES = [1, 2, 3, 4, 5] as const;
export type ListType = (typeof LIST_TYPES)[number];
/**
 * Where the left tree of a type 2 list comes from. 'department' is the reference's other name for the
 * organisation tree (its list page reads the same tree for both).
 */
export const TREE_SOURCES = ['dictionary', 'organize', 'department', 'api'] as const;
export type TreeSource = (typeof TREE_SOURCES)[number];

/** the kind of a list design; anything unknown is a plain list */
export function listTypeOf(columnData: { type?: unknown } | null | undefined): ListType {
  const type = Number(columnData?.type);
  return (LIST_TYPES as readonly number[]).includes(type) ? (type as ListType) : 1;
}

/** A node of a list's left tree, as the runtime answers it. */
export interface ListTreeNode {
  id: string;
  fullName: string;
  children?: ListTreeNode[];
}

/** columnData, the keys this version reads. */
export interface ColumnDataJson {
  type: ListType;
  columnList: ColumnItem[];
  searchList: SearchItem[];
  /** toolbar: add, batchRemove, download, upload, batchPrint */
  btnsList: ButtonItem[];
  /** the print templates the batchPrint button offers */
  printIds?: string[];
  /** row: edit, remove, detail */
  columnBtnsList: ButtonItem[];
  hasPage: boolean;
  pageSize: number;
  /** default sort: field and direction */
  defaultSidx?: string;
  sort?: 'asc' | 'desc';
  useColumnPermission?: boolean;
  useFormPermission?: boolean;
  useBtnPermission?: boolean;
  useDataPermission?: boolean;
  /** type 2: the tree's title, its source and the field a chosen node filters */
  treeTitle?: string;
  treeDataSource?: TreeSource;
  /** type 2 from a dictionary: its id; treePropsValue 'enCode' makes nodes stand for item codes */
  treeDictionary?: string;
  /** type 2 from a data interface: its id and the keys of its rows */
  treeInterfaceId?: string;
  treeInterfaceName?: string;
  treePropsValue?: string;
  treePropsLabel?: string;
  treePropsChildren?: string;
  /** the list field whose value a chosen node must hold */
  treeRelation?: string;
  /** type 3: the field rows are grouped by */
  groupField?: string;
  /** type 5: the field holding the id of the parent record */
  parentField?: string;
  /** a 合计 row summing the number columns in summaryField (listExtras.ts) */
  showSummary?: boolean;
  summaryField?: string[];
  /** thousands separators on the number columns in thousandsField */
  thousands?: boolean;
  thousandsField?: string[];
  /** parent headers over groups of columns */
  complexHeaderList?: ComplexHeader[];
  [key: string]: unknown;
}

/** Toolbar and row button values and the menu button codes (btn_<value>) release creates for them. */
export const TOOLBAR_BUTTONS = ['add', 'download', 'batchRemove', 'upload', 'batchPrint'] as const;
export const ROW_BUTTONS = ['edit', 'remove', 'detail'] as const;
export function buttonCode(value: string): string {
  return `btn_${value}`;
}

/** webType of a design: 1 form only, 2 list + form (3 with flow and 4 data view are not built). */
export type WebType = 1 | 2;

/** The runtime configuration `GET /api/visualdev/OnlineDev/{modelId}/Config` returns (strings, as the reference). */
export interface OnlineConfig {
  id: string;
  fullName: string;
  enCode: string;
  webType: number;
  formData: string;
  columnData: string;
  enableFlow: number;
}

/** Every field that holds a value, containers flattened, in form order. */
export function dataFields(fields: readonly FieldConfig[]): FieldConfig[] {
  const out: FieldConfig[] = [];
  const visit = (list: readonly FieldConfig[]) => {
    for (const field of list) {
      const key = field.__config__?.jnpfKey;
      if (isContainerKey(key)) visit(itemsOf(field));
      else if (isValueKey(key) && field.__vModel__) out.push(field);
    }
  };
  visit(fields);
  return out;
}

/** The columns of a sub-table: its children that are value fields a sub-table may hold. */
export function subTableColumns(field: FieldConfig): FieldConfig[] {
  const children = field.__config__.children;
  return Array.isArray(children)
    ? children.filter((child) => isSubTableColumnKey(child?.__config__?.jnpfKey) && !!child.__vModel__)
    : [];
}

/**
 * The fields an attribute (popup or relation-form attribute) may follow, whatever their key: the columns of its own
 * sub-table when it is a column of one, else the main form's value fields (containers looked into, sub-table columns
 * not). `attr` is found among the columns by its formId, else by its record key.
 */
export function attributeScope(fields: readonly FieldConfig[], attr: FieldConfig): FieldConfig[] {
  const formId = attr.__config__.formId;
  for (const table of dataFields(fields)) {
    if (!isSubTableKey(table.__config__.jnpfKey)) continue;
    const children = Array.isArray(table.__config__.children) ? table.__config__.children : [];
    const own = children.some((c) =>
      formId !== undefined && formId !== null ? c?.__config__?.formId === formId : c === attr,
    );
    if (own) return subTableColumns(table).filter((c) => c !== attr && c.__config__.formId !== formId);
  }
  return dataFields(fields).filter((f) => f !== attr && !isSubTableKey(f.__config__.jnpfKey));
}

/** Every value field with the columns of sub-tables added after their table (options, names, ids). */
export function fieldsWithColumns(fields: readonly FieldConfig[]): FieldConfig[] {
  return fields.flatMap((field) =>
    isSubTableKey(field.__config__.jnpfKey) ? [field, ...subTableColumns(field)] : [field],
  );
}

/** Parses a JSON string the reference stores (formData, columnData); null when it is not an object. */
export function parseDesignJson<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    const value = parseJsonText(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

/** The reference's date tokens (yyyy-MM-dd HH:mm:ss) in dayjs form (YYYY-MM-DD HH:mm:ss). */
export function toDayjsFormat(format: string | undefined, fallback = 'YYYY-MM-DD'): string {
  if (!format) return fallback;
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

/**
 * Older widget names still found in designs (3.4's, and keys later dropped), by the key this version gives the
 * same widget. Ranges and the password input have no widget of their own here: a date or time range opens as a
 * single date or time (its start), a password input as a text input, the current department as the current
 * organisation shown at its last level (its department). uploadFz is a widget of its own here and stays.
 */
export const LEGACY_FIELD_KEYS: Readonly<Record<string, OnlineFieldKey>> = {
  comInput: 'input',
  numInput: 'inputNumber',
  date: 'datePicker',
  time: 'timePicker',
  JNPFText: 'text',
  comSelect: 'organizeSelect',
  address: 'areaSelect',
  PsdInput: 'input',
  dateRange: 'datePicker',
  timeRange: 'timePicker',
  currDept: 'currOrganize',
};

/** the props a legacy key carries over beside its new key (the current department is its organisation's last level) */
const LEGACY_FIELD_PROPS: Readonly<Record<string, Record<string, unknown>>> = {
  currDept: { showLevel: 'last' },
};

/**
 * A design's JSON (formData, columnData) with every legacy jnpfKey renamed to this version's key, wherever a
 * field or list column holds one; the same text when none does, or when it is not JSON.
 */
export function upgradeLegacyKeys(text: string): string {
  if (!Object.keys(LEGACY_FIELD_KEYS).some((key) => text.includes(`"${key}"`))) return text;
  let parsed: unknown;
  try {
    parsed = parseJsonText(text);
  } catch {
    return text;
  }
  return upgradeLegacyKeysIn(parsed) ? JSON.stringify(parsed) : text;
}

/** renames legacy jnpfKeys in place (in `__config__` and in list columns); whether any was */
export function upgradeLegacyKeysIn(node: unknown): boolean {
  if (Array.isArray(node)) return node.map(upgradeLegacyKeysIn).some(Boolean);
  if (!node || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  let changed = false;
  const config = record.__config__;
  const holder =
    config && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>) : null;
  for (const target of holder ? [holder, record] : [record]) {
    const key = target.jnpfKey;
    if (typeof key !== 'string' || !Object.hasOwn(LEGACY_FIELD_KEYS, key)) continue;
    target.jnpfKey = LEGACY_FIELD_KEYS[key];
    for (const [prop, value] of Object.entries(LEGACY_FIELD_PROPS[key] ?? {}))
      if (!(prop in record)) record[prop] = value;
    changed = true;
  }
  for (const value of Object.values(record)) if (upgradeLegacyKeysIn(value)) changed = true;
  return changed;
}
