// The fields the message template and send configuration dialogs share: name, code, template type (shown
// only) and message source at the head, two to a row; sort, state and description further down. Each reads
// and writes the field of the same name of the surrounding form.
import { Col, Form, Input, InputNumber, Select, Switch } from 'antd';
import { maxLength, pattern, required, sortCodeRule, SORT_CODE_MAX } from '../../../components/admin';
import { useCodeDictionary } from './codes';
import { sharedTexts, useTemplateTypeName } from './texts';

const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export function RecordHeadFields({
  templateType,
  systemCodeMark,
  systemCodeMessage,
  sourceLocked,
  sourceTooltip,
  onSourceChange,
}: {
  templateType: string;
  /** what a system record's code contains, which a custom record's code may not */
  systemCodeMark: string;
  systemCodeMessage: string;
  /** the source is fixed once saved */
  sourceLocked: boolean;
  sourceTooltip?: string;
  onSourceChange?: (source: string) => void;
}) {
  const t = sharedTexts.useText();
  const typeName = useTemplateTypeName();
  const sources = useCodeDictionary('msgSourceType');
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name="fullName"
          label={t('fullName')}
          rules={[required(t('nameRequired')), maxLength(t('nameTooLong'))]}
        >
          <Input placeholder={t('inputPlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="enCode"
          label={t('enCode')}
          rules={[
            required(t('codeRequired')),
            maxLength(t('codeRule')),
            pattern(CODE, t('codeRule')),
            {
              validator: (_rule, value?: string) =>
                templateType !== '1' && value?.toUpperCase().includes(systemCodeMark)
                  ? Promise.reject(new Error(systemCodeMessage))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input placeholder={t('inputPlaceholder')} maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('templateType')}>
          <Input value={typeName(templateType)} disabled />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="messageSource"
          label={t('messageSource')}
          tooltip={sourceTooltip}
          rules={[{ required: true, message: t('sourceRequired') }]}
        >
          <Select
            options={sources.options}
            loading={sources.isLoading}
            placeholder={t('selectPlaceholder')}
            disabled={sourceLocked}
            onChange={onSourceChange}
          />
        </Form.Item>
      </Col>
    </>
  );
}

export function SortCodeField() {
  const t = sharedTexts.useText();
  return (
    <Form.Item name="sortCode" label={t('sortCode')} rules={[sortCodeRule(t('sortRange'))]}>
      <InputNumber min={0} max={SORT_CODE_MAX} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** the state as a switch over enabledMark 1 / 0 */
export function EnabledField() {
  const t = sharedTexts.useText();
  return (
    <Form.Item
      name="enabledMark"
      label={t('enabledMark')}
      valuePropName="checked"
      getValueProps={(value: unknown) => ({ checked: value === 1 })}
      normalize={(checked: boolean) => (checked ? 1 : 0)}
    >
      <Switch />
    </Form.Item>
  );
}

export function DescriptionField({ withPlaceholder = true }: { withPlaceholder?: boolean }) {
  const t = sharedTexts.useText();
  return (
    <Form.Item name="description" label={t('description')}>
      <Input.TextArea rows={2} maxLength={500} placeholder={withPlaceholder ? t('inputPlaceholder') : undefined} />
    </Form.Item>
  );
}

/** sort and state side by side (state first, or sort first), then the description on a row of its own */
export function RecordTailFields({
  stateFirst = false,
  pairedOnPhone = false,
}: {
  stateFirst?: boolean;
  /** sort and state stay side by side on a narrow screen too */
  pairedOnPhone?: boolean;
}) {
  const xs = pairedOnPhone ? 12 : 24;
  const sort = (
    <Col key="sortCode" xs={xs} md={12}>
      <SortCodeField />
    </Col>
  );
  const state = (
    <Col key="enabledMark" xs={xs} md={12}>
      <EnabledField />
    </Col>
  );
  return (
    <>
      {stateFirst ? [state, sort] : [sort, state]}
      <Col span={24}>
        <DescriptionField />
      </Col>
    </>
  );
}
