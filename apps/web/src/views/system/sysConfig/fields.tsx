// The building blocks of the configuration tabs: sections in a two-column grid, the field kinds (text,
// secret, switch, number, image) with the server's checks, and a part shown while a switch is on.
import { Col, Divider, Form, Input, InputNumber, Row, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import {
  validDefaultPassword,
  validEmail,
  validHost,
  validImageRef,
  validPhone,
  validPort,
  validUrl,
  validWhitelist,
} from './checks';
import styles from './SysConfigPage.module.css';
import { texts } from './texts';

export type TextKey = Parameters<ReturnType<typeof texts.useText>>[0];

/** a 0/1 value edited with a switch */
export const switchProps = {
  valuePropName: 'checked',
  getValueProps: (value: unknown) => ({ checked: Number(value) === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

export function useRules() {
  const t = texts.useText();
  const label = (key: TextKey) => t(key);
  const check =
    (
      key: TextKey,
      test: (v: string) => boolean,
      rule: 'email' | 'port' | 'host' | 'url' | 'image' | 'phone' | 'whitelist' | 'password',
    ) =>
    (): Rule => ({
      validator: (_r, value: unknown) =>
        value === undefined || value === null || value === '' || test(String(value))
          ? Promise.resolve()
          : Promise.reject(new Error(t(rule, { label: label(key) }))),
    });
  return {
    text: (key: TextKey, max: number): Rule => ({ max, message: t('text', { label: label(key), max }) }),
    range: (key: TextKey, min: number, max: number): Rule => ({
      type: 'integer',
      min,
      max,
      required: true,
      message: t('range', { label: label(key), min, max }),
    }),
    email: (key: TextKey) => check(key, validEmail, 'email')(),
    port: (key: TextKey) => check(key, validPort, 'port')(),
    host: (key: TextKey) => check(key, validHost, 'host')(),
    url: (key: TextKey) => check(key, validUrl, 'url')(),
    image: (key: TextKey) => check(key, validImageRef, 'image')(),
    phone: (key: TextKey) => check(key, validPhone, 'phone')(),
    whitelist: (key: TextKey) => check(key, validWhitelist, 'whitelist')(),
    password: (key: TextKey): Rule => ({
      validator: (_r, value: unknown) =>
        validDefaultPassword(String(value ?? ''))
          ? Promise.resolve()
          : Promise.reject(new Error(t('password', { label: label(key) }))),
    }),
  };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" className={styles.divider}>
        {title}
      </Divider>
      <Row gutter={24}>{children}</Row>
    </>
  );
}

/** one field in the two-column grid (full width below 1200 px, or when wide) */
export function Cell({ children, wide = false }: { children?: ReactNode; wide?: boolean }) {
  return (
    <Col xs={24} xl={wide ? 24 : 12}>
      {children}
    </Col>
  );
}

export function TextField({
  name,
  max,
  rules = [],
  input = <Input />,
  wide = false,
}: {
  name: TextKey;
  max: number;
  rules?: Rule[];
  input?: ReactNode;
  wide?: boolean;
}) {
  const t = texts.useText();
  const r = useRules();
  return (
    <Cell wide={wide}>
      <Form.Item name={name} label={t(name)} rules={[r.text(name, max), ...rules]}>
        {input}
      </Form.Item>
    </Cell>
  );
}

export function SecretField({ name }: { name: TextKey }) {
  return <TextField name={name} max={200} input={<Input.Password autoComplete="new-password" />} />;
}

export function ToggleField({ name }: { name: TextKey }) {
  const t = texts.useText();
  return (
    <Cell>
      <Form.Item label={t(name)}>
        <Space size={12} wrap>
          <Form.Item name={name} noStyle {...switchProps}>
            <Switch aria-label={t(name)} />
          </Form.Item>
        </Space>
      </Form.Item>
    </Cell>
  );
}

export function NumberField({
  name,
  min,
  max,
  dependencies = [],
  rules = [],
}: {
  name: TextKey;
  min: number;
  max: number;
  dependencies?: string[];
  rules?: Rule[];
}) {
  const t = texts.useText();
  const r = useRules();
  return (
    <Cell>
      <Form.Item name={name} label={t(name)} rules={[r.range(name, min, max), ...rules]} dependencies={dependencies}>
        <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Cell>
  );
}

function ImagePreview({ name }: { name: string }) {
  const form = Form.useFormInstance();
  const value = Form.useWatch(name, form) as string | undefined;
  const show = value && (/^https?:\/\//i.test(value) || value.startsWith('/')) && validImageRef(value);
  return show ? <img src={value} alt="" className={styles.preview} /> : null;
}

/** an image address with its preview */
export function ImageField({ name }: { name: TextKey }) {
  const t = texts.useText();
  const r = useRules();
  return (
    <Cell>
      <Form.Item label={t(name)} extra={t('imageHint')}>
        <Space.Compact block>
          <Form.Item name={name} noStyle rules={[r.text(name, 500), r.image(name)]}>
            <Input allowClear />
          </Form.Item>
        </Space.Compact>
        <ImagePreview name={name} />
      </Form.Item>
    </Cell>
  );
}

/** the children, shown while the switch `flag` is on */
export function ShownWhen({ flag, children }: { flag: string; children: ReactNode }) {
  return (
    <Form.Item noStyle dependencies={[flag]}>
      {({ getFieldValue }) => (Number(getFieldValue(flag)) === 1 ? children : null)}
    </Form.Item>
  );
}
