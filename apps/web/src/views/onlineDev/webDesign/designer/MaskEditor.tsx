// The data masking of a text field: whether lists and details show it masked (useMask), which of the nine
// mask types (maskConfig.maskType) and the filler; for the custom type, what each end keeps in clear (nothing, a
// number of characters, or up to a given text with or without it), the characters left in clear inside, and an
// optional fixed mask length. A sample shows what the mask makes of a text. The server applies the mask.
import {
  applyMask,
  MASK_EDGE_TYPES,
  MASK_MAX_UNREAL_LENGTH,
  MASK_TYPES,
  maskConfigProblems,
  normalizeMaskConfig,
  type FieldConfig,
  type MaskConfig,
} from '@jnpf/core';
import { Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { designerTexts } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

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

/** what an end of a custom mask keeps */
const EDGE_TEXTS: readonly { value: number; text: TextKey }[] = [
  { value: MASK_EDGE_TYPES.none, text: 'maskEdgeNone' },
  { value: MASK_EDGE_TYPES.count, text: 'maskEdgeCount' },
  { value: MASK_EDGE_TYPES.beforeChar, text: 'maskEdgeBefore' },
  { value: MASK_EDGE_TYPES.throughChar, text: 'maskEdgeThrough' },
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
const byChar = (type: number) => type === MASK_EDGE_TYPES.beforeChar || type === MASK_EDGE_TYPES.throughChar;

/** one end of a custom mask: its kind, then its count or its text */
function EdgeEditor({
  end,
  config,
  problems,
  setConfig,
}: {
  end: 'prefix' | 'suffix';
  config: MaskConfig;
  problems: readonly string[];
  setConfig: (patch: Partial<MaskConfig>) => void;
}) {
  const t = designerTexts.useText();
  const type = config[`${end}Type`];
  const Id = end === 'prefix' ? 'Prefix' : 'Suffix';
  return (
    <>
      <PanelItem
        label={t(end === 'prefix' ? 'maskPrefixType' : 'maskSuffixType')}
        htmlFor={`prop-mask${Id}Type`}
        extra={end === 'suffix' ? t('maskEdgeHint') : undefined}
      >
        <Select
          id={`prop-mask${Id}Type`}
          value={type}
          // a count starts at 1: 0 would keep nothing, which is "nothing"
          onChange={(next: number) =>
            setConfig({
              [`${end}Type`]: next,
              ...(next === MASK_EDGE_TYPES.count && config[`${end}Limit`] < 1 ? { [`${end}Limit`]: 1 } : {}),
            })
          }
          options={EDGE_TEXTS.map(({ value, text }) => ({ value, label: t(text) }))}
        />
      </PanelItem>
      {type === MASK_EDGE_TYPES.count && (
        <PanelItem
          label={t(end === 'prefix' ? 'maskKeepStart' : 'maskKeepEnd')}
          htmlFor={`prop-mask${Id}Limit`}
          validateStatus={problems.includes(`${end}Limit`) ? 'error' : undefined}
          help={problems.includes(`${end}Limit`) ? t('maskCountRequired') : undefined}
        >
          <InputNumber<number>
            id={`prop-mask${Id}Limit`}
            min={1}
            max={100}
            precision={0}
            style={{ width: '100%' }}
            value={config[`${end}Limit`] || null}
            onChange={(limit) => setConfig({ [`${end}Limit`]: limit && limit > 0 ? Math.trunc(limit) : 0 })}
          />
        </PanelItem>
      )}
      {byChar(type) && (
        <PanelItem
          label={t(end === 'prefix' ? 'maskPrefixChar' : 'maskSuffixChar')}
          htmlFor={`prop-mask${Id}Char`}
          validateStatus={problems.includes(`${end}Char`) ? 'error' : undefined}
          help={problems.includes(`${end}Char`) ? t('maskCharRequired') : undefined}
        >
          <Input
            id={`prop-mask${Id}Char`}
            maxLength={20}
            value={config[`${end}SpecifyChar`]}
            onChange={(e) => setConfig({ [`${end}SpecifyChar`]: e.target.value })}
          />
        </PanelItem>
      )}
    </>
  );
}

export function MaskEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const on = field.useMask === true;
  const config = normalizeMaskConfig(field.maskConfig);
  const setConfig = (patch: Partial<MaskConfig>) => onChange({ ...field, maskConfig: { ...config, ...patch } });
  const custom = config.maskType === MASK_TYPES.custom;
  const problems = maskConfigProblems(config);
  const [typed, setTyped] = useState('');
  const sample = custom ? typed || DEFAULT_SAMPLE : (SAMPLES[config.maskType] ?? DEFAULT_SAMPLE);
  return (
    <>
      <PanelItem label={t('useMask')} htmlFor="prop-useMask" extra={t('useMaskHint')}>
        <Switch
          id="prop-useMask"
          checked={on}
          onChange={(useMask) => onChange({ ...field, useMask, maskConfig: config })}
        />
      </PanelItem>
      {on && (
        <>
          <PanelItem label={t('maskType')} htmlFor="prop-maskType">
            <Select
              id="prop-maskType"
              value={config.maskType}
              onChange={(maskType: number) => setConfig({ maskType })}
              options={MASK_TYPE_TEXTS.map(({ value, text }) => ({ value, label: t(text) }))}
            />
          </PanelItem>
          <PanelItem label={t('maskFiller')} htmlFor="prop-maskFiller">
            <Input
              id="prop-maskFiller"
              maxLength={4}
              value={config.filler}
              onChange={(e) => setConfig({ filler: e.target.value })}
            />
          </PanelItem>
          {custom && (
            <>
              <EdgeEditor end="prefix" config={config} problems={problems} setConfig={setConfig} />
              <EdgeEditor end="suffix" config={config} problems={problems} setConfig={setConfig} />
              <PanelItem label={t('maskIgnoreChar')} htmlFor="prop-maskIgnoreChar" extra={t('maskIgnoreCharHint')}>
                <Input
                  id="prop-maskIgnoreChar"
                  maxLength={100}
                  value={config.ignoreChar}
                  onChange={(e) => setConfig({ ignoreChar: e.target.value })}
                />
              </PanelItem>
              <PanelItem label={t('maskUseUnreal')} htmlFor="prop-maskUseUnreal" extra={t('maskUseUnrealHint')}>
                <Switch
                  id="prop-maskUseUnreal"
                  checked={config.useUnrealMask}
                  onChange={(useUnrealMask) => setConfig({ useUnrealMask })}
                />
              </PanelItem>
              {config.useUnrealMask && (
                <PanelItem label={t('maskUnrealLength')} htmlFor="prop-maskUnrealLength">
                  <InputNumber<number>
                    id="prop-maskUnrealLength"
                    min={1}
                    max={MASK_MAX_UNREAL_LENGTH}
                    precision={0}
                    style={{ width: '100%' }}
                    value={config.unrealMaskLength}
                    onChange={(length) => setConfig({ unrealMaskLength: length && length > 0 ? length : 1 })}
                  />
                </PanelItem>
              )}
              <PanelItem label={t('maskSampleText')} htmlFor="prop-maskSampleText">
                <Input
                  id="prop-maskSampleText"
                  maxLength={100}
                  placeholder={DEFAULT_SAMPLE}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                />
              </PanelItem>
            </>
          )}
          <PanelItem label={t('maskSample')}>
            <Typography.Text data-testid="mask-sample">
              {sample} → {applyMask(sample, config)}
            </Typography.Text>
          </PanelItem>
        </>
      )}
    </>
  );
}
