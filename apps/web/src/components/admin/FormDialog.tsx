// A form in a dialog with the administration screens' save behaviour:
// - OK (or Enter in a field) validates, then calls onSubmit while the OK button shows its loading;
// - success: the server's message shows for 1.5 s, then onSaved runs (the caller closes and refreshes);
//   the button stays busy meanwhile, so nothing is sent twice;
// - failure: the loading state is reset and the dialog stays open with everything typed; a validation
//   refusal (code 401 with data.errors) puts each message on its field.
// A dialog taller than the window scrolls its fields: the title and the buttons stay in view.
import type { ApiResult } from '@jnpf/core';
import { Form, Modal, Spin, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DIALOG_WIDTH, SAVE_TOAST_SECONDS } from './constants';
import { applyServerErrors } from './serverErrors';
import { pause, showFailure, showServerSuccess } from './notify';
import { LoadError } from './states';
import { kitTexts } from './texts';

export interface FormDialogProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** the save call; its answer's msg is shown */
  onSubmit: (values: V) => Promise<ApiResult<unknown>>;
  /** after a successful save has shown its message */
  onSaved?: (result: ApiResult<unknown>) => void;
  onCancel: () => void;
  /** after a failed save (the dialog stays open) */
  onFailed?: (error: unknown) => void;
  /** the record is still loading (edit): a spinner instead of the form */
  loading?: boolean;
  /** the record could not be loaded */
  loadError?: boolean;
  onRetry?: () => void;
  initialValues?: Partial<V>;
  width?: number;
  /** delay between the success message and onSaved, ms (1.5 s as the message shows) */
  closeDelayMs?: number;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'initialValues'>;
  children: ReactNode;
}

/**
 * The dialog no taller than the window (antd places it 100 px from the top; as much room is left below), its body
 * scrolling between the title and the buttons. The body reaches the dialog's edges, so that its scroll bar sits
 * there and a focused field's outline is not cut; a gap parts the title from the first field.
 */
export const DIALOG_STYLES = {
  container: { display: 'flex', flexDirection: 'column', maxHeight: 'calc(100vh - 200px)' },
  body: { flex: '1 1 auto', minHeight: 0, overflowY: 'auto', margin: '0 -24px', padding: '12px 24px 0' },
} satisfies ModalProps['styles'];

/**
 * Starts every opening from the dialog's initial values: a form instance outlives the dialog's content,
 * and its store would otherwise keep what the previous opening left (antd merges initial values under it).
 */
function FreshStart({ form }: { form: FormInstance }) {
  useLayoutEffect(() => form.resetFields(), [form]);
  return null;
}

export function FormDialog<V>({
  open,
  title,
  form,
  onSubmit,
  onSaved,
  onCancel,
  onFailed,
  loading = false,
  loadError = false,
  onRetry,
  initialValues,
  width = DIALOG_WIDTH,
  closeDelayMs = SAVE_TOAST_SECONDS * 1000,
  formProps,
  children,
}: FormDialogProps<V>) {
  const t = kitTexts.useText();
  const [saving, setSaving] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // a new opening starts idle
  useEffect(() => {
    if (open) setSaving(false);
  }, [open]);

  const save = async (values: V) => {
    if (saving) return;
    setSaving(true);
    let result: ApiResult<unknown>;
    try {
      result = await onSubmit(values);
    } catch (error) {
      if (mounted.current) {
        setSaving(false);
        applyServerErrors(form, error);
      }
      showFailure(error);
      onFailed?.(error);
      return;
    }
    showServerSuccess(result);
    if (closeDelayMs > 0) await pause(closeDelayMs);
    onSaved?.(result);
    if (mounted.current) setSaving(false);
  };

  const ready = !loading && !loadError;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !ready }}
      destroyOnHidden
      mask={{ closable: false }}
      styles={DIALOG_STYLES}
    >
      {loadError ? (
        <LoadError onRetry={onRetry} />
      ) : loading ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Form<V>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '100px' }}
          labelWrap
          initialValues={initialValues}
          onFinish={(values) => void save(values)}
          scrollToFirstError
          {...formProps}
        >
          {children}
          {/* after the fields, so that they are registered and show the reset */}
          <FreshStart form={form as FormInstance} />
          {/* lets Enter in a field submit the form */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      )}
    </Modal>
  );
}
