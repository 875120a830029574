// The progress of a backup or restore task, polled until it ends; then its counts, or why it did not finish.
// After a restore the platform holds the backup's users and sessions: the administrator signs in again.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { currentAppPath, loginPathFor, navigateTo } from '../../../platform/navigation';
import { resetSession } from '../../../platform/session';
import { dataBackupApi, dataBackupKeys, type BackupJob } from './api';
import { texts } from './texts';

const POLL_MS = 500;

export function JobDialog({
  jobId,
  kind,
  onClose,
}: {
  jobId: string | null;
  kind: BackupJob['kind'];
  onClose: () => void;
}) {
  const t = texts.useText();
  const job = useQuery({
    queryKey: dataBackupKeys.job(jobId ?? ''),
    queryFn: () => dataBackupApi.job(jobId!),
    enabled: !!jobId,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? POLL_MS : false),
  });
  const data = job.data;
  const running = !data || data.state === 'running';
  const percent = data && data.total > 0 ? Math.min(100, Math.floor((data.done / data.total) * 100)) : 0;
  const title = running
    ? t(kind === 'backup' ? 'backupRunning' : 'restoreRunning')
    : data.state === 'done'
      ? t(kind === 'backup' ? 'backupDone' : 'restoreDone')
      : t('failed');
  const restored = kind === 'restore' && data?.state === 'done';
  const signIn = () => {
    resetSession();
    navigateTo(loginPathFor(currentAppPath()), { replace: true });
  };
  return (
    <Modal
      open={!!jobId}
      title={title}
      closable={!running}
      maskClosable={false}
      onCancel={() => !running && onClose()}
      footer={
        running ? null : restored ? (
          <Button type="primary" onClick={signIn}>
            {t('signIn')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('close')}</Button>
        )
      }
    >
      {running && (
        <>
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {t(data?.phase ? `phase_${data.phase}` : 'phase_start')}
            {data?.total ? ` ${data.done}/${data.total}` : ''}
            {data?.item ? ` · ${data.item}` : ''}
          </Typography.Text>
        </>
      )}
      {data?.state === 'done' && data.result && (
        <Alert
          type="success"
          showIcon
          message={t('resultCounts', { ...data.result })}
          description={restored ? t('signInAgain') : data.name}
        />
      )}
      {data?.state === 'failed' && <Alert type="error" showIcon message={data.error ?? t('failed')} />}
    </Modal>
  );
}
