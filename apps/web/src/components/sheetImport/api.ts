// The five calls of a module's batch import under its base path (the server's platform/sheetImport.ts).
import { http } from '../../platform/request';
import { uploadFile, type DownloadVO } from '../admin';

export interface ImportPreview {
  /** the columns: key, header, and how to fill the column in (tipLabel) */
  headerRow: { id: string; fullName: string; tipLabel?: string }[];
  dataRow: Record<string, string>[];
}

export interface ImportOutcome {
  snum: number;
  fnum: number;
  resultType: 0 | 1;
  failResult: Record<string, string>[];
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
    importRows: (list: Record<string, string>[]) => http.post<ImportOutcome>(`${base}/ImportData`, { list }),
    exportFailed: async (list: Record<string, string>[]) =>
      (await http.post<DownloadVO>(`${base}/${exceptionPath}`, { list })).data,
  };
}

export type SheetImportApi = ReturnType<typeof sheetImportApi>;
