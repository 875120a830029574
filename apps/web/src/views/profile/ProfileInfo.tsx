// Personal information (GET/PUT /api/permission/Users/Current/BaseInfo): shown as a list, edited in a form
// whose fields follow core's reusable field rules (mobile, email, ID card) with their messages.
import { fieldRuleMessages, fieldRules } from '@jnpf/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, DatePicker, Descriptions, Form, Input, Row, Select, Skeleton, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadUserSession } from '../../app/session/loadUserSession';
import {
  fetchBaseInfo,
  saveBaseInfo,
  type BaseInfo,
  type BaseInfoTextField,
  type BaseInfoUpdate,
} from '../../platform/api/currentUser';
import { feedback } from '../../platform/feedback';
import { currentLanguage } from '../../platform/i18n';
import { RequestError } from '../../platform/request';
import { useProfileText } from './texts';

export const BASE_INFO_KEY = ['currentUser', 'baseInfo'] as const;

/** the free-text fields, each with its length limit */
type TextField = Exclude<BaseInfoTextField, 'realName' | 'mobilePhone' | 'email' | 'certificatesType'>;

interface InfoFormValues extends Pick<BaseInfo, BaseInfoTextField> {
  gender: string | undefined;
  birthday: Dayjs | null;
}

/** Maximum lengths of the server's BaseInfo schema. */
const MAX_LENGTH: Record<TextField | 'realName', number> = {
  realName: 50,
  nation: 50,
  nativePlace: 100,
  certificatesNumber: 50,
  education: 50,
  telePhone: 50,
  landline: 50,
  urgentContacts: 50,
  urgentTelePhone: 50,
  postalAddress: 200,
  signature: 500,
  description: 500,
};

/** The ID card type: the only certificate type whose number has a fixed form (checked by the server too). */
const ID_CARD_TYPE = '1';

export function toUpdate(values: InfoFormValues): BaseInfoUpdate {
  const trimmed = (value: string | undefined) => (value ?? '').trim();
  return {
    realName: trimmed(values.realName),
    gender: values.gender ? Number(values.gender) : null,
    mobilePhone: trimmed(values.mobilePhone),
    email: trimmed(values.email),
    birthday: values.birthday ? values.birthday.startOf('day').valueOf() : null,
    certificatesType: values.certificatesType ?? '',
    certificatesNumber: trimmed(values.certificatesNumber),
    nation: trimmed(values.nation),
    nativePlace: trimmed(values.nativePlace),
    education: trimmed(values.education),
    telePhone: trimmed(values.telePhone),
    landline: trimmed(values.landline),
    urgentContacts: trimmed(values.urgentContacts),
    urgentTelePhone: trimmed(values.urgentTelePhone),
    postalAddress: trimmed(values.postalAddress),
    signature: trimmed(values.signature),
    description: trimmed(values.description),
  };
}

function patternRule(pattern: RegExp, message: string): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (value && value.trim() && !pattern.test(value.trim())) throw new Error(message);
    },
  };
}

export default function ProfileInfo() {
  const { t } = useTranslation();
  const text = useProfileText();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InfoFormValues>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const { data: info } = useQuery({ queryKey: BASE_INFO_KEY, queryFn: async () => (await fetchBaseInfo()).data });
  const certificatesType = Form.useWatch('certificatesType', form);

  if (!info) return <Skeleton active />;

  const genders: Record<string, string> = {
    '1': text('genderMale'),
    '2': text('genderFemale'),
    '3': text('genderSecret'),
  };
  const certificates: Record<string, string> = {
    '1': text('certificateIdCard'),
    '2': text('certificatePassport'),
    '3': text('certificateOfficer'),
    '4': text('certificateOther'),
  };
  const maxRule = (field: keyof typeof MAX_LENGTH): Rule => ({
    max: MAX_LENGTH[field],
    message: text('tooLong', { n: MAX_LENGTH[field] }),
  });

  const startEditing = () => {
    form.setFieldsValue({
      ...info,
      gender: info.gender || undefined,
      certificatesType: info.certificatesType || undefined,
      birthday: info.birthday ? dayjs(info.birthday) : null,
    } as InfoFormValues);
    setEditing(true);
  };

  const onFinish = async (values: InfoFormValues) => {
    setSaving(true);
    try {
      const result = await saveBaseInfo(toUpdate(values));
      feedback.success(result.msg, 1.5);
      await queryClient.invalidateQueries({ queryKey: BASE_INFO_KEY });
      await loadUserSession().catch(() => undefined); // the header shows the name
      setEditing(false);
    } catch (error) {
      // Field messages of a 401 answer go to their fields; the request layer has shown the summary.
      const errors =
        error instanceof RequestError ? (error.body?.data as { errors?: Record<string, string> })?.errors : null;
      if (errors && typeof errors === 'object') {
        form.setFields(
          Object.entries(errors).map(([name, message]) => ({ name: name as keyof InfoFormValues, errors: [message] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    const show = (value: string | null | undefined) => value || '—';
    const items = [
      { key: 'account', label: t('profile.account'), children: show(info.account) },
      { key: 'realName', label: t('profile.name'), children: show(info.realName) },
      { key: 'gender', label: text('gender'), children: show(genders[info.gender]) },
      { key: 'organize', label: t('profile.organize'), children: show(info.organize) },
      { key: 'position', label: t('profile.position'), children: show(info.position) },
      { key: 'role', label: t('profile.role'), children: show(info.roleId) },
      { key: 'manager', label: t('profile.manager'), children: show(info.manager) },
      { key: 'mobile', label: t('profile.mobile'), children: show(info.mobilePhone) },
      { key: 'email', label: t('profile.email'), children: show(info.email) },
      {
        key: 'birthday',
        label: t('profile.birthday'),
        children: info.birthday ? dayjs(info.birthday).format('YYYY-MM-DD') : '—',
      },
      { key: 'nation', label: text('nation'), children: show(info.nation) },
      { key: 'nativePlace', label: text('nativePlace'), children: show(info.nativePlace) },
      { key: 'certificatesType', label: text('certificatesType'), children: show(certificates[info.certificatesType]) },
      { key: 'certificatesNumber', label: text('certificatesNumber'), children: show(info.certificatesNumber) },
      { key: 'education', label: text('education'), children: show(info.education) },
      { key: 'telePhone', label: text('telePhone'), children: show(info.telePhone) },
      { key: 'landline', label: text('landline'), children: show(info.landline) },
      { key: 'urgentContacts', label: text('urgentContacts'), children: show(info.urgentContacts) },
      { key: 'urgentTelePhone', label: text('urgentTelePhone'), children: show(info.urgentTelePhone) },
      { key: 'postalAddress', label: text('postalAddress'), children: show(info.postalAddress) },
      {
        key: 'entryDate',
        label: text('entryDate'),
        children: info.entryDate ? dayjs(info.entryDate).format('YYYY-MM-DD') : '—',
      },
      {
        key: 'prevLogTime',
        label: t('profile.prevLoginTime'),
        children: info.prevLogTime ? dayjs(info.prevLogTime).format('YYYY-MM-DD HH:mm:ss') : '—',
      },
      { key: 'prevLogIp', label: t('profile.prevLoginIp'), children: show(info.prevLogIPAddress) },
      { key: 'signature', label: text('signature'), children: show(info.signature), span: 'filled' as const },
      { key: 'description', label: text('description'), children: show(info.description), span: 'filled' as const },
    ];
    return (
      <div>
        <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} items={items} />
        <Button type="primary" onClick={startEditing} style={{ marginTop: 16 }}>
          {text('edit')}
        </Button>
      </div>
    );
  }

  const half = { xs: 24, md: 12 };
  return (
    <Form<InfoFormValues> form={form} layout="vertical" onFinish={onFinish} autoComplete="off">
      <Row gutter={24}>
        <Col {...half}>
          <Form.Item
            name="realName"
            label={t('profile.name')}
            rules={[{ required: true, whitespace: true, message: text('realNameRequired') }, maxRule('realName')]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="gender" label={text('gender')}>
            <Select allowClear options={Object.entries(genders).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="mobilePhone"
            label={t('profile.mobile')}
            rules={[patternRule(fieldRules.mobile, fieldRuleMessages.mobile[language])]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="email"
            label={t('profile.email')}
            rules={[patternRule(fieldRules.email, fieldRuleMessages.email[language])]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="birthday" label={t('profile.birthday')}>
            <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="nation" label={text('nation')} rules={[maxRule('nation')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="certificatesType" label={text('certificatesType')}>
            <Select
              allowClear
              options={Object.entries(certificates).map(([value, label]) => ({ value, label }))}
              onChange={() => void form.validateFields(['certificatesNumber']).catch(() => undefined)}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="certificatesNumber"
            label={text('certificatesNumber')}
            rules={[
              maxRule('certificatesNumber'),
              ...(certificatesType === ID_CARD_TYPE
                ? [patternRule(fieldRules.idCard, fieldRuleMessages.idCard[language])]
                : []),
            ]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="nativePlace" label={text('nativePlace')} rules={[maxRule('nativePlace')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="education" label={text('education')} rules={[maxRule('education')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="telePhone" label={text('telePhone')} rules={[maxRule('telePhone')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="landline" label={text('landline')} rules={[maxRule('landline')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="urgentContacts" label={text('urgentContacts')} rules={[maxRule('urgentContacts')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="urgentTelePhone" label={text('urgentTelePhone')} rules={[maxRule('urgentTelePhone')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="postalAddress" label={text('postalAddress')} rules={[maxRule('postalAddress')]}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="signature" label={text('signature')} rules={[maxRule('signature')]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={text('description')} rules={[maxRule('description')]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {text('save')}
        </Button>
        <Button onClick={() => setEditing(false)}>{text('cancel')}</Button>
      </Space>
    </Form>
  );
}
