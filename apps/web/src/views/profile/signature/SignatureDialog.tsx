// Draw a new signature (a 560×300 pad in a 600 px dialog). Confirming an empty pad says '请签名'.
import { Button, Checkbox, Modal } from 'antd';
import { useRef, useState } from 'react';
import { addSignImage } from '../../../platform/api/currentUser';
import { feedback } from '../../../platform/feedback';
import { useProfileText } from '../texts';
import SignaturePad, { type SignaturePadHandle } from './SignaturePad';

export const SIGNATURE_WIDTH_PX = 560;
export const SIGNATURE_HEIGHT_PX = 300;
const DIALOG_WIDTH_PX = 600;

interface SignatureDialogProps {
  open: boolean;
  /** The first signature becomes the default anyway (the server does so). */
  onClose: () => void;
  onSaved: () => void;
}

export default function SignatureDialog({ open, onClose, onSaved }: SignatureDialogProps) {
  const text = useProfileText();
  const pad = useRef<SignaturePadHandle>(null);
  const [asDefault, setAsDefault] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!pad.current || pad.current.isEmpty()) {
      feedback.error(text('signatureRequired'));
      return;
    }
    setSaving(true);
    try {
      const result = await addSignImage(pad.current.toDataURL(), asDefault);
      feedback.success(result.msg, 1.5);
      onSaved();
      onClose();
    } catch {
      // reported by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={text('signatureTitle')}
      width={DIALOG_WIDTH_PX}
      onCancel={onClose}
      destroyOnHidden
      styles={{ container: { padding: '16px 19px' } }}
      footer={
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <Checkbox checked={asDefault} onChange={(event) => setAsDefault(event.target.checked)}>
            {text('asDefault')}
          </Checkbox>
          <span style={{ flex: 1 }} />
          <Button onClick={() => pad.current?.clear()}>{text('clear')}</Button>
          <Button onClick={onClose}>{text('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {text('confirm')}
          </Button>
        </div>
      }
    >
      <SignaturePad ref={pad} width={SIGNATURE_WIDTH_PX} height={SIGNATURE_HEIGHT_PX} hint={text('signatureHint')} />
    </Modal>
  );
}
