// The data masking of a text field: whether lists and details show it masked (useMask), which of the nine
// mask types (maskConfig.maskType), the filler, and for the custom type how many characters stay in clear at
// either end. A sample shows what the mask makes of a text. The server applies the mask; this only designs it.
import {
  applyMask,
  MASK_EDGE_TYPES,
  MASK_TYPES,
  normalizeMaskConfig,
  type FieldConfig,
  type MaskConfig,
} from '@jnpf/core';
import { Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { designerTexts } from './texts';

type TextKey = Parameters<ReturnType<typeof designerTexts.useText>>[0];

/** the mask types in their number order, with the designer's text key of each */
const MASK_TYPE_TEXTS: readonly { value: number; text: TextKey }[] = [
  { value: MASK_TYPES.custom, text: 'maskCustom' },
  { value: MASK_TYPES.all, text: 'maskAll' },
  { value: MASK_TYPES.name, text: 'maskName' },
  { value: MASK_TYPES.phone, text: 'maskPhone' },
  { value: MASK_TYPES.email, text: 'maskEmail' },
  { value: MASK_TYPES.idNumber, text: 'maskIdNumber' },
  { value: MASK_TYPES.ip, text: 'maskIp' },
  { value: MASK_TYPES.licencePlate, text: 'maskLicencePlate' },
  { value: MASK_TYPES.bankCard, text: 'maskBankCard' },
];

/** a sample text of each type, to show what the mask does */
const SAMPLES: Readonly<Record<number, string>> = {
  [MASK_TYPES.name]: '张三丰',
  [MASK_TYPES.phone]: '13812345678',
  [MASK_TYPES.email]: 'someone@example.com',
  [MASK_TYPES.idNumber]: '110101199001011234',
  [MASK_TYPES.ip]: '192.168.1.10',
  [MASK_TYPES.licencePlate]: '京A12345',
  [MASK_TYPES.bankCard]: '6222021234567890123',
};
const DEFAULT_SAMPLE = 'ABCDEFGHIJ';

/** a kept count of the custom type: a count from 1 keeps that many characters, none keeps nothing */
const edge = (limit: number | null) =>
  limit && limit > 0
    ? { type: MASK_EDGE_TYPES.count, limit: Math.trunc(limit) }
    : { type: MASK_EDGE_TYPES.none, limit: 0 };

export function MaskEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const on = field.useMask === true;
  const config = normalizeMaskConfig(field.maskConfig);
  const setConfig = (patch: Partial<MaskConfig>) => onChange({ ...field, maskConfig: { ...config, ...patch } });
  const custom = config.maskType === MASK_TYPES.custom;
  const sample = SAMPLES[config.maskType] ?? DEFAULT_SAMPLE;
  return (
    <>
      <Form.Item label={t('useMask')} htmlFor="prop-useMask" extra={t('useMaskHint')}>
        <Switch
          id="prop-useMask"
          checked={on}
          onChange={(useMask) => onChange({ ...field, useMask, maskConfig: config })}
        />
      </Form.Item>
      {on && (
        <>
          <Form.Item label={t('maskType')} htmlFor="prop-maskType">
            <Select
              id="prop-maskType"
              value={config.maskType}
              onChange={(maskType: number) => setConfig({ maskType })}
              options={MASK_TYPE_TEXTS.map(({ value, text }) => ({ value, label: t(text) }))}
            />
          </Form.Item>
          <Form.Item label={t('maskFiller')} htmlFor="prop-maskFiller">
            <Input
              id="prop-maskFiller"
              maxLength={4}
              value={config.filler}
              onChange={(e) => setConfig({ filler: e.target.value })}
            />
          </Form.Item>
          {custom && (
            <>
              <Form.Item label={t('maskKeepStart')} htmlFor="prop-maskKeepStart">
                <InputNumber<number>
                  id="prop-maskKeepStart"
                  min={0}
                  max={100}
                  precision={0}
                  style={{ width: '100%' }}
                  value={config.prefixType === MASK_EDGE_TYPES.count ? config.prefixLimit : 0}
                  onChange={(limit) => {
                    const kept = edge(limit);
                    setConfig({ prefixType: kept.type, prefixLimit: kept.limit });
                  }}
                />
              </Form.Item>
              <Form.Item label={t('maskKeepEnd')} htmlFor="prop-maskKeepEnd">
                <InputNumber<number>
                  id="prop-maskKeepEnd"
                  min={0}
                  max={100}
                  precision={0}
                  style={{ width: '100%' }}
                  value={config.suffixType === MASK_EDGE_TYPES.count ? config.suffixLimit : 0}
                  onChange={(limit) => {
                    const kept = edge(limit);
                    setConfig({ suffixType: kept.type, suffixLimit: kept.limit });
                  }}
                />
              </Form.Item>
            </>
          )}
          <Form.Item label={t('maskSample')}>
            <Typography.Text data-testid="mask-sample">
              {sample} → {applyMask(sample, config)}
            </Typography.Text>
          </Form.Item>
        </>
      )}
    </>
  );
}
