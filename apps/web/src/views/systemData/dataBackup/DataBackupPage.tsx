// The backup screen (数据备份, administrators only): the stored backups of the whole platform (database and
// files) on the shared list frame; create one, upload one made elsewhere, download, restore (confirmed, with its
// progress and verified counts) and delete. The same archives are made and read by `npm run backup` and
// `npm run restore`.
import { CloudUploadOutlined, DatabaseOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { downloadFile, showFailure, showServerSuccess, useConfirmAction } from '../../../components/admin';
import { CrudFrame } from '../../../components/crud/CrudList';
import { useQueryList } from '../../../components/crud/useQueryList';
import { dataBackupApi, dataBackupKeys, type BackupJob, type BackupRow } from './api';
import { JobDialog } from './JobDialog';
import { RestoreDialog } from './RestoreDialog';
import { texts } from './texts';

type Row = BackupRow & { id: string; creatorTime: number };

/** a size in bytes as people read it */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export default function DataBackupPage() {
  const t = texts.useText();
  const table = useQueryList<Row>({
    queryKey: dataBackupKeys.list,
    load: async (keyword) =>
      (await dataBackupApi.list())
        .filter((row) => !keyword || row.name.toLowerCase().includes(keyword.toLowerCase()))
        .map((row) => ({ ...row, id: row.name, creatorTime: row.createdAt })),
  });
  const { confirm, holder } = useConfirmAction();
  const [job, setJob] = useState<{ id: string; kind: BackupJob['kind'] } | null>(null);
  const [restoring, setRestoring] = useState<BackupRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const started = await dataBackupApi.create();
      setJob({ id: started.jobId, kind: 'backup' });
    } catch (error) {
      showFailure(error);
    } finally {
      setCreating(false);
    }
  };

  const send = async (file: File) => {
    setUploading(true);
    try {
      await dataBackupApi.upload(file, file.name);
      showServerSuccess({ msg: t('uploaded') });
      void table.refresh();
    } catch (error) {
      showFailure(error);
    } finally {
      setUploading(false);
    }
  };

  const download = async (row: Row) => {
    try {
      downloadFile(await dataBackupApi.download(row.name));
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <>
      {holder}
      <CrudFrame<Row, typeof table>
        title={t('title')}
        table={table}
        searchPlaceholder={t('search')}
        showIndex
        columns={[
          { title: t('name'), dataIndex: 'name', width: 300, ellipsis: true },
          { title: t('size'), dataIndex: 'size', width: 100, align: 'right', render: (v: number) => readableSize(v) },
          {
            title: t('engine'),
            dataIndex: 'engine',
            width: 120,
            render: (v: BackupRow['engine']) => (v === 'postgres' ? t('postgres') : t('pglite')),
          },
          { title: t('version'), dataIndex: 'platformVersion', width: 100 },
          { title: t('tables'), dataIndex: 'tables', width: 80, align: 'right' },
          { title: t('rows'), dataIndex: 'rows', width: 100, align: 'right' },
          { title: t('files'), dataIndex: 'files', width: 80, align: 'right' },
        ]}
        tail={{ creatorTime: { title: t('createdAt') }, sortCode: false, state: false }}
        remove={(row) => dataBackupApi.remove(row.name)}
        removable={() => false}
        renderForm={() => null}
        actionsWidth={170}
        toolbar={
          <>
            <Button type="primary" icon={<DatabaseOutlined />} loading={creating} onClick={() => void create()}>
              {t('create')}
            </Button>
            <Upload
              accept=".gz,.tgz,application/gzip"
              showUploadList={false}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <Button icon={<CloudUploadOutlined />} loading={uploading}>
                {t('upload')}
              </Button>
            </Upload>
          </>
        }
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => void download(row)}>
              {t('download')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setRestoring(row)}>
              {t('restore')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm(t('removeConfirm', { name: row.name }), {
                  action: () => dataBackupApi.remove(row.name),
                  onDone: () => void table.refresh(),
                })
              }
            >
              {t('remove')}
            </Button>
          </>
        )}
      />
      <RestoreDialog
        backup={restoring}
        onCancel={() => setRestoring(null)}
        onConfirm={async (backup, force) => {
          try {
            const started = await dataBackupApi.restore(backup.name, force);
            setRestoring(null);
            setJob({ id: started.jobId, kind: 'restore' });
          } catch (error) {
            showFailure(error);
          }
        }}
      />
      <JobDialog
        jobId={job?.id ?? null}
        kind={job?.kind ?? 'backup'}
        onClose={() => {
          setJob(null);
          void table.refresh();
        }}
      />
    </>
  );
}
