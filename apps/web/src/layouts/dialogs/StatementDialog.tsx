// The platform's statement, opened from the user menu.
import { Modal, Typography } from 'antd';
import { useShellText } from '../texts';

export default function StatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const text = useShellText();
  return (
    <Modal
      open={open}
      title={text('statement')}
      onCancel={onClose}
      onOk={onClose}
      okText={text('close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={520}
    >
      <Typography.Paragraph style={{ lineHeight: 1.9, marginBottom: 0 }}>{text('statementText')}</Typography.Paragraph>
    </Modal>
  );
}
