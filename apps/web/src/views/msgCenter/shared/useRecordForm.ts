// What the new / edit dialogs of message templates and send configurations share: the record being edited
// (read when the dialog opens), its template type (a new record is custom), the dialog's title, load states
// and the save call (create, or update with the version read). Spread `dialogProps` on FormDialog and
// `headProps` on RecordHeadFields.
import type { ApiResult } from '@jnpf/core';
import type { FormInstance } from 'antd';
import type { RecordFormProps } from './RecordListPage';
import type { RecordApi } from './useRecordActions';
import { useRecordInfo } from './useRecordInfo';

export interface RecordFormOptions<Values, Input, Info> {
  form: FormInstance<Values>;
  queryKey: readonly unknown[];
  api: Pick<RecordApi<Info, Input>, 'info' | 'create' | 'update'>;
  /** the call's body from the form's values */
  toInput: (values: Values, templateType: string) => Input;
  titles: { add: string; edit: string };
  /** what a system record's code contains, which a custom record's code may not, and the message saying so */
  systemCode: { mark: string; message: string };
}

export function useRecordForm<
  Values,
  Input extends { version?: number },
  Info extends { templateType: string; version: number },
>(
  { open, id, onClose, onSaved }: RecordFormProps,
  { form, queryKey, api, toInput, titles, systemCode }: RecordFormOptions<Values, Input, Info>,
) {
  const editing = Boolean(id);
  const info = useRecordInfo({ queryKey, id, load: api.info, enabled: open && editing });
  const templateType = editing ? (info.data?.templateType ?? '0') : '0';
  const dialogProps = {
    open,
    form,
    title: editing ? titles.edit : titles.add,
    loading: editing && info.isLoading,
    loadError: editing && info.isError,
    onRetry: () => void info.refetch(),
    onSubmit: (values: Values): Promise<ApiResult<unknown>> => {
      const input = toInput(values, templateType);
      return editing ? api.update(id!, { ...input, version: info.data?.version }) : api.create(input);
    },
    onSaved,
    onCancel: onClose,
  };
  const headProps = {
    templateType,
    systemCodeMark: systemCode.mark,
    systemCodeMessage: systemCode.message,
    // the source is fixed once saved
    sourceLocked: editing,
  };
  return { editing, record: editing ? info.data : undefined, dialogProps, headProps };
}
