// The row actions of the message centre lists behind their confirmations: enable or disable, delete and
// copy. Each refreshes the list when it has been done.
import type { ApiResult } from '@jnpf/core';
import { useConfirmAction } from '../../../components/admin';

/** the calls of a message centre record (a template or a send configuration) */
export interface RecordApi<Info, Input> {
  listUrl: string;
  info: (id: string) => Promise<Info>;
  create: (input: Input) => Promise<ApiResult<unknown>>;
  update: (id: string, input: Input) => Promise<ApiResult<unknown>>;
  remove: (id: string) => Promise<ApiResult<unknown>>;
  copy: (id: string) => Promise<ApiResult<unknown>>;
}

export interface RecordActionsOptions<Info, Input> {
  api: Pick<RecordApi<Info, Input>, 'info' | 'update' | 'remove' | 'copy'>;
  /** the update body of a record as read */
  inputOf: (info: Info) => Input;
  /** the question before a copy */
  copyTip: string;
  onDone: () => void;
}

export function useRecordActions<Info extends { enabledMark: number }, Input extends { enabledMark: number }>({
  api,
  inputOf,
  copyTip,
  onDone,
}: RecordActionsOptions<Info, Input>) {
  const { confirmDelete, confirmToggle, confirm, holder } = useConfirmAction();
  return {
    /** render once in the page: the confirmations live there */
    holder,
    toggle: (row: { id: string; enabledMark: number }) =>
      confirmToggle(row.enabledMark === 1, {
        // the state is part of the record: the current record goes back with it flipped
        action: async () => {
          const info = await api.info(row.id);
          return api.update(row.id, { ...inputOf(info), enabledMark: info.enabledMark === 1 ? 0 : 1 });
        },
        onDone,
      }),
    remove: (row: { id: string }) => confirmDelete({ action: () => api.remove(row.id), onDone }),
    copy: (row: { id: string }) => confirm(copyTip, { action: () => api.copy(row.id), onDone }),
  };
}
