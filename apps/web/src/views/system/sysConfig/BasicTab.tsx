// The basic information tab: the system, the company and the images of the sign-in page and the shell.
import { Input } from 'antd';
import { ImageField, Section, TextField, useRules } from './fields';
import { texts } from './texts';

export default function BasicTab() {
  const t = texts.useText();
  const r = useRules();
  return (
    <>
      <Section title={t('sectionSystem')}>
        <TextField name="sysName" max={100} />
        <TextField name="title" max={100} />
        <TextField name="sysVersion" max={50} input={<Input disabled />} />
        <TextField name="copyright" max={200} />
        <TextField name="jnpfDomain" max={500} rules={[r.url('jnpfDomain')]} />
        <TextField name="sysDescription" max={2000} input={<Input.TextArea rows={3} />} wide />
      </Section>
      <Section title={t('sectionCompany')}>
        <TextField name="companyName" max={200} />
        <TextField name="companyCode" max={100} />
        <TextField name="companyContacts" max={100} />
        <TextField name="companyTelePhone" max={50} rules={[r.phone('companyTelePhone')]} />
        <TextField name="companyEmail" max={200} rules={[r.email('companyEmail')]} />
        <TextField name="companyAddress" max={500} />
      </Section>
      <Section title={t('sectionImages')}>
        <ImageField name="loginIcon" />
        <ImageField name="navigationIcon" />
        <ImageField name="logoIcon" />
        <ImageField name="appIcon" />
      </Section>
    </>
  );
}
