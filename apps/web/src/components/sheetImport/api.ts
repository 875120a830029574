// The five calls of a module's batch import under its base path (the server's platform/sheetImport.ts).
import { isSubTableKey } from '@jnpf/core';
import { http } from '../../platform/request';
import { uploadFile, type DownloadVO } from '../admin';

/** a column of the preview: key, header, and how to fill it in (tipLabel) */
export interface ImportColumn {
  id: string;
  fullName: string;
  tipLabel?: string;
}

/** a sub-table of the preview (jnpfKey 'table'): its rows are a list under its id, with these columns */
export interface ImportGroup extends ImportColumn {
  jnpfKey: 'table';
  children: ImportColumn[];
}

/** a record: its cells, and under a sub-table's id its rows */
export type ImportRecord = Record<string, string | Record<string, string>[]>;

export interface ImportPreview {
  headerRow: (ImportColumn | ImportGroup)[];
  dataRow: ImportRecord[];
}

export const isImportGroup = (column: ImportColumn | ImportGroup): column is ImportGroup =>
  'jnpfKey' in column && isSubTableKey(column.jnpfKey) && Array.isArray(column.children);

export interface ImportOutcome {
  snum: number;
  fnum: number;
  resultType: 0 | 1;
  failResult: ImportRecord[];
}

/**
 * `base`: the module's path, e.g. /api/permission/Users; `exceptionPath`: the error report's call (the users
 * screen of the reference calls ExportExceptionData, every other module ImportExceptionData)
 */
export function sheetImportApi(base: string, exceptionPath = 'ImportExceptionData') {
  return {
    template: async () => (await http.get<DownloadVO>(`${base}/TemplateDownload`)).data,
    upload: (file: Blob) => uploadFile<{ name: string }>(`${base}/Uploader`, file),
    preview: async (fileName: string) => (await http.get<ImportPreview>(`${base}/ImportPreview`, { fileName })).data!,
    importRows: (list: ImportRecord[]) => http.post<ImportOutcome>(`${base}/ImportData`, { list }),
    exportFailed: async (list: ImportRecord[]) =>
      (await http.post<DownloadVO>(`${base}/${exceptionPath}`, { list })).data,
  };
}

export type SheetImportApi = ReturnType<typeof sheetImportApi>;
