// A sub-table's select-data dialog (addType 1): the records it offers come from a data interface or from a
// released design's records (addTableConf; designs of 3.4 name it tableConf). Read the same way by the form, by
// the server's grants (which interface or design the host form lets its users read) and by the design check.

/** how a chosen record fills a column: type 1 its field `value`, type 2 the fixed text `value` */
export interface ChooserRelationOption {
  field: string;
  type: 1 | 2;
  value: string;
}

export interface SubTableChooser {
  dataSource: 'dynamic' | 'model';
  /** the data interface read (dataSource dynamic), else '' */
  interfaceId: string;
  /** the released design whose records are read (dataSource model), else '' */
  modelId: string;
  /** the record fields the dialog lists */
  columns: string[];
  /** the record's key and its shown label (an interface's rows) */
  propsValue: string;
  relationField: string;
  relationOptions: ChooserRelationOption[];
  /** the whole stored object, for the dialog's own keys (columns' labels, paging, popup) */
  raw: Record<string, unknown>;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** the stored chooser of a sub-table, whether or not rows are added through it; null when it has none */
export function subTableChooserOf(field: Readonly<Record<string, unknown>>): SubTableChooser | null {
  const stored: unknown = field.addTableConf ?? field.tableConf;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const raw = stored as Record<string, unknown>;
  const relationOptions = (Array.isArray(raw.relationOptions) ? raw.relationOptions : []).flatMap(
    (o: unknown): ChooserRelationOption[] => {
      if (!o || typeof o !== 'object') return [];
      const item = o as Record<string, unknown>;
      const target = textOf(item.field);
      return target ? [{ field: target, type: Number(item.type) === 2 ? 2 : 1, value: textOf(item.value) }] : [];
    },
  );
  const columns = (Array.isArray(raw.columnOptions) ? raw.columnOptions : [])
    .map((o: unknown) => (o && typeof o === 'object' ? textOf((o as Record<string, unknown>).value) : ''))
    .filter(Boolean);
  const modelId = textOf(raw.modelId);
  // designs of 3.4 name no source: a design named is read
  const model = raw.dataSource === 'model' || (raw.dataSource !== 'dynamic' && modelId !== '');
  return {
    dataSource: model ? 'model' : 'dynamic',
    interfaceId: model ? '' : textOf(raw.interfaceId),
    modelId: model ? modelId : '',
    columns: [...new Set(columns)],
    propsValue: textOf(raw.propsValue) || 'id',
    relationField: textOf(raw.relationField),
    relationOptions,
    raw,
  };
}

/** the chooser rows are added through (addType 1 with a source), or null */
export function activeSubTableChooser(field: Readonly<Record<string, unknown>>): SubTableChooser | null {
  if (Number(field.addType) !== 1) return null;
  const chooser = subTableChooserOf(field);
  return chooser && (chooser.interfaceId || chooser.modelId) ? chooser : null;
}

/** the record fields a chosen record's rows copy (type-1 options) */
export const chooserCopiedFields = (chooser: SubTableChooser): string[] =>
  chooser.relationOptions.filter((o) => o.type === 1 && o.value).map((o) => o.value);
