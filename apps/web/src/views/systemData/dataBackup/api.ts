// Calls of the backup screen (administrators only).
import type { DownloadVO } from '../../../components/admin';
import { uploadFile } from '../../../components/admin';
import { http } from '../../../platform/request';

export const DATA_BACKUP = '/api/systemData/DataBackup';

export interface BackupRow {
  name: string;
  size: number;
  createdAt: number;
  platformVersion: string;
  engine: 'pglite' | 'postgres';
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

export interface BackupJob {
  id: string;
  kind: 'backup' | 'restore';
  state: 'running' | 'done' | 'failed';
  phase: 'tables' | 'files' | 'archive' | 'verify' | 'load' | 'check' | null;
  done: number;
  total: number;
  item: string;
  name: string;
  result: { tables: number; rows: number; files: number } | null;
  /** why it failed, in the user's language */
  error: string | null;
}

export const dataBackupKeys = {
  list: ['systemData', 'dataBackup', 'list'] as const,
  job: (id: string) => ['systemData', 'dataBackup', 'job', id] as const,
};

const named = (name: string) => `${DATA_BACKUP}/${encodeURIComponent(name)}`;

export const dataBackupApi = {
  list: async () => (await http.get<{ list: BackupRow[] }>(DATA_BACKUP)).data?.list ?? [],
  create: async () => (await http.post<{ jobId: string; name: string }>(DATA_BACKUP)).data!,
  job: async (id: string) => (await http.get<BackupJob>(`${DATA_BACKUP}/Jobs/${id}`)).data!,
  restore: async (name: string, force: boolean) =>
    (await http.post<{ jobId: string }>(`${named(name)}/Actions/Restore`, { confirm: true, force })).data!,
  download: async (name: string) => (await http.post<DownloadVO>(`${named(name)}/Actions/Download`)).data!,
  upload: (file: Blob, fileName: string) => uploadFile<BackupRow>(`${DATA_BACKUP}/Actions/Upload`, file, {}, fileName),
  remove: (name: string) => http.delete(named(name)),
};
