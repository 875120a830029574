// A small dialog with its own form that edits one line of a bigger form (a template's parameter, a send
// configuration's template): OK or Enter submits it, and nothing reaches the bigger form until onFinish.
// A click outside does not close it, so nothing typed is lost by a stray click.
import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { kitTexts } from '../../../components/admin';

export function SubFormDialog<Values>({
  open,
  title,
  width,
  form,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  width: number;
  form: FormInstance<Values>;
  initialValues: FormProps<Values>['initialValues'];
  onFinish: (values: Values) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const k = kitTexts.useText();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={k('confirm')}
      cancelText={k('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        preserve={false}
        labelCol={{ flex: '90px' }}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
