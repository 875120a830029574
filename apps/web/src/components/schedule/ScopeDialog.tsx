// Which occurrences of a repeating schedule a change or a deletion covers: 1 this one, 2 this and the
// following ones, 3 all. Confirming without a choice says 请选择日程.
import { Alert, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { kitTexts } from '../admin';
import type { Scope } from './api';
import { texts } from './texts';

export interface ScopeDialogProps {
  open: boolean;
  mode: 'edit' | 'delete';
  /** the OK button shows its loading while the call runs */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (scope: Scope) => void;
}

export function ScopeDialog({ open, mode, busy = false, onCancel, onConfirm }: ScopeDialogProps) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const [scope, setScope] = useState<Scope | undefined>();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setScope(undefined);
      setMissing(false);
    }
  }, [open]);

  const confirm = () => {
    if (!scope) {
      setMissing(true);
      return;
    }
    onConfirm(scope);
  };

  return (
    <Modal
      open={open}
      title={mode === 'delete' ? t('scopeDeleteTitle') : t('scopeEditTitle')}
      width={400}
      onCancel={onCancel}
      onOk={confirm}
      okText={k('confirm')}
      cancelText={k('cancel')}
      okButtonProps={{ danger: mode === 'delete' }}
      confirmLoading={busy}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Radio.Group
        value={scope}
        onChange={(event) => {
          setScope(event.target.value as Scope);
          setMissing(false);
        }}
        aria-label={mode === 'delete' ? t('scopeDeleteTitle') : t('scopeEditTitle')}
      >
        <Space orientation="vertical">
          <Radio value={1}>{t('scope1')}</Radio>
          <Radio value={2}>{t('scope2')}</Radio>
          <Radio value={3}>{t('scope3')}</Radio>
        </Space>
      </Radio.Group>
      {missing && <Alert style={{ marginTop: 12 }} type="error" showIcon title={t('scopeRequired')} />}
    </Modal>
  );
}
