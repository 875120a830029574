// The wide submit button under a sign-in form (password or text message), which says so while it signs in.
import { Button, Form } from 'antd';
import styles from './LoginPage.module.css';

export function SubmitItem({
  submitting,
  label,
  busyLabel,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Form.Item className={styles.submitItem}>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {submitting ? busyLabel : label}
      </Button>
    </Form.Item>
  );
}
