// The new-design dialog: the basic settings of a function (name, code, category, type, sort, description).
// Confirming opens the designer on the new design; it is stored when the designer first saves it.
import { Form, Modal } from 'antd';
import { DIALOG_WIDTH, kitTexts } from '../../../components/admin';
import type { BaseInfo } from './api';
import { BaseFields } from './BaseFields';
import { texts } from './texts';

export const NEW_BASE: BaseInfo = { fullName: '', enCode: '', category: '', webType: 1, sortCode: 0, description: '' };

/** the basic settings as the form holds them, trimmed and completed */
export function baseFromValues(values: Partial<BaseInfo>): BaseInfo {
  return {
    fullName: (values.fullName ?? '').trim(),
    enCode: (values.enCode ?? '').trim(),
    category: values.category ?? '',
    webType: values.webType === 2 ? 2 : 1,
    sortCode: values.sortCode ?? 0,
    description: values.description ?? '',
  };
}

export function NewDesignDialog({
  open,
  onClose,
  onNext,
}: {
  open: boolean;
  onClose: () => void;
  onNext: (base: BaseInfo) => void;
}) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const [form] = Form.useForm<BaseInfo>();
  return (
    <Modal
      open={open}
      title={t('add')}
      width={DIALOG_WIDTH}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={k('confirm')}
      cancelText={k('cancel')}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<BaseInfo>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        labelWrap
        initialValues={NEW_BASE}
        onFinish={(values) => onNext(baseFromValues(values))}
      >
        <BaseFields />
        {/* lets Enter in a field submit the form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
