// Confirm-before-delete and confirm-before-state-toggle: a warning
// confirmation titled 提示; on OK the call runs (the OK button shows its loading), then the server's message
// shows for 1.5 s and onDone runs. A refusal has already been shown by the request layer.
// Render `holder` once in the page: the dialogs live there and follow the app's theme and language.
import type { ApiResult } from '@jnpf/core';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { showFailure, showServerSuccess } from './notify';
import { kitTexts } from './texts';

export interface ConfirmedAction {
  /** the call to make once confirmed */
  action: () => Promise<ApiResult<unknown>>;
  /** after a successful call (refresh lists, clear caches …) */
  onDone?: (result: ApiResult<unknown>) => void;
}

export function useConfirmAction() {
  const [modal, holder] = Modal.useModal();
  const t = kitTexts.useText();

  const confirm = (content: ReactNode, { action, onDone }: ConfirmedAction) =>
    modal.confirm({
      title: t('tip'),
      content,
      type: 'warning',
      okText: t('confirm'),
      cancelText: t('cancel'),
      autoFocusButton: 'ok',
      onOk: async () => {
        try {
          const result = await action();
          showServerSuccess(result);
          onDone?.(result);
        } catch (error) {
          showFailure(error);
        }
      },
    });

  return {
    holder,
    /** 此操作将永久删除该数据, 是否继续? */
    confirmDelete: (options: ConfirmedAction) => confirm(t('deleteTip'), options),
    /** asks before flipping an enabled mark: currently enabled ⇒ "disable?", else "enable?" */
    confirmToggle: (currentlyEnabled: boolean, options: ConfirmedAction) =>
      confirm(currentlyEnabled ? t('disableTip') : t('enableTip'), options),
    /** any other warning confirmation with the same behaviour */
    confirm,
  };
}
