// The property panel of a container's part chosen on the designer's canvas: a tab's pane or a collapse's panel (its
// title and name), or a table grid's cell (its spans and background colour). A span goes through the grid, so that
// the cells it covers are merged as core's tableGrid rules say (or it is refused, with the message the grid's own
// panel gives).
import { isContainerPartKey, partsOf, spanTableGridCell, type FieldConfig } from '@jnpf/core';
import { ColorPicker, Form, Input, InputNumber, Typography } from 'antd';
import { feedback } from '../platform/feedback';
import { containerTexts } from './containerTexts';
import { PanelItem } from './panel/PanelItem';

/** the items holding `formId`, outermost first (empty when it is not there) */
function ancestorsOf(fields: readonly FieldConfig[], formId: number): FieldConfig[] {
  for (const field of fields) {
    if (field.__config__.formId === formId) return [];
    const inner = ancestorsOf(field.__config__.children ?? [], formId);
    if (inner.length || (field.__config__.children ?? []).some((c) => c.__config__.formId === formId))
      return [field, ...inner];
  }
  return [];
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export function ContainerPartPanel({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = containerTexts.useText();
  const config = field.__config__;
  const key = config.jnpfKey;
  if (!isContainerPartKey(key)) return null;
  const ancestors = ancestorsOf(fields, config.formId);
  const setConfig = (patch: Record<string, unknown>) => onChange({ ...field, __config__: { ...config, ...patch } });

  if (key === 'tabItem' || key === 'collapseItem') {
    const container = ancestors.at(-1);
    return (
      <Form component="div" layout="horizontal" labelCol={{ flex: '90px' }} labelWrap colon={false} size="small">
        <Typography.Paragraph type="secondary">
          {`${container?.__config__.label ?? ''} · ${text(field.title)}`}
        </Typography.Paragraph>
        <PanelItem label={t('paneTitle')} htmlFor="prop-part-title">
          <Input
            id="prop-part-title"
            value={text(field.title)}
            onChange={(e) => onChange({ ...field, title: e.target.value })}
          />
        </PanelItem>
        <PanelItem label={t('paneName')} htmlFor="prop-part-name">
          <Input
            id="prop-part-name"
            value={text(field.name)}
            onChange={(e) => onChange({ ...field, name: e.target.value })}
          />
        </PanelItem>
      </Form>
    );
  }
  if (key !== 'tableGridTd') return null;
  const [grid, row] = ancestors.slice(-2);
  if (!grid || !row) return null;
  const r = partsOf(grid).findIndex((each) => each.__config__.formId === row.__config__.formId);
  const c = partsOf(row).findIndex((each) => each.__config__.formId === config.formId);
  const merged = config.merged === true;
  const setSpan = (span: { colspan?: number; rowspan?: number }) => {
    const result = spanTableGridCell(grid, r, c, span);
    if ('refused' in result) feedback.error(t(result.refused));
    else onChange(result.grid);
  };
  return (
    <Form component="div" layout="horizontal" labelCol={{ flex: '90px' }} labelWrap colon={false} size="small">
      <Typography.Paragraph type="secondary">
        {`${grid.__config__.label ?? ''} · ${t('rowN', { n: r + 1 })} ${t('cellN', { n: c + 1 })}`}
      </Typography.Paragraph>
      <PanelItem label={t('colspan')} htmlFor="prop-cell-colspan">
        <InputNumber
          id="prop-cell-colspan"
          min={1}
          max={24}
          precision={0}
          disabled={merged}
          placeholder={merged ? t('mergedCell') : undefined}
          value={merged ? null : Number(config.colspan) || 1}
          onChange={(colspan) => setSpan({ colspan: colspan ?? 1 })}
        />
      </PanelItem>
      <PanelItem label={t('rowspan')} htmlFor="prop-cell-rowspan">
        <InputNumber
          id="prop-cell-rowspan"
          min={1}
          max={24}
          precision={0}
          disabled={merged}
          placeholder={merged ? t('mergedCell') : undefined}
          value={merged ? null : Number(config.rowspan) || 1}
          onChange={(rowspan) => setSpan({ rowspan: rowspan ?? 1 })}
        />
      </PanelItem>
      <PanelItem label={t('backgroundColor')}>
        <ColorPicker
          aria-label={t('backgroundColor')}
          allowClear
          showText
          value={typeof config.backgroundColor === 'string' ? config.backgroundColor : ''}
          onChangeComplete={(colour) => setConfig({ backgroundColor: colour.cleared ? '' : colour.toHexString() })}
          onClear={() => setConfig({ backgroundColor: '' })}
        />
      </PanelItem>
    </Form>
  );
}
