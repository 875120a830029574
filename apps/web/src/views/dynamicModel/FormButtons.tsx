// The buttons under a form shown on its own page (a form-only function, a public form link): submit, which shows
// its loading while the save runs, and reset.
import { Button, Space, type FormInstance } from 'antd';

export function SubmitResetButtons({
  form,
  saving,
  submitText,
  resetText,
}: {
  form: FormInstance;
  saving: boolean;
  submitText: string;
  resetText: string;
}) {
  return (
    <Space size={8}>
      <Button type="primary" loading={saving} onClick={() => form.submit()}>
        {submitText}
      </Button>
      <Button disabled={saving} onClick={() => form.resetFields()}>
        {resetText}
      </Button>
    </Space>
  );
}
