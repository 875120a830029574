// The confirmation of a restore: what it replaces, an explicit "I understand", and whether to replace a
// platform that holds data of its own (refused otherwise).
import { Alert, Checkbox, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { BackupRow } from './api';
import { texts } from './texts';

export function RestoreDialog({
  backup,
  onCancel,
  onConfirm,
}: {
  backup: BackupRow | null;
  onCancel: () => void;
  onConfirm: (backup: BackupRow, force: boolean) => Promise<void>;
}) {
  const t = texts.useText();
  const [understood, setUnderstood] = useState(false);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (backup) {
      setUnderstood(false);
      setForce(false);
    }
  }, [backup]);
  return (
    <Modal
      open={!!backup}
      title={t('restoreTitle')}
      okText={t('restoreOk')}
      okButtonProps={{ danger: true, disabled: !understood, loading: busy }}
      onCancel={onCancel}
      onOk={async () => {
        if (!backup) return;
        setBusy(true);
        try {
          await onConfirm(backup, force);
        } finally {
          setBusy(false);
        }
      }}
    >
      {backup && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('restoreWarning', { name: backup.name })} />
          <Typography.Text>
            {t('restoreCounts', {
              tables: backup.tables,
              rows: backup.rows,
              files: backup.files,
              time: dayjs(backup.createdAt).format('YYYY-MM-DD HH:mm'),
            })}
          </Typography.Text>
          <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
            {t('restoreUnderstand')}
          </Checkbox>
          <div>
            <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)}>
              {t('restoreForce')}
            </Checkbox>
            <div>
              <Typography.Text type="secondary">{t('restoreForceHelp')}</Typography.Text>
            </div>
          </div>
        </Space>
      )}
    </Modal>
  );
}
