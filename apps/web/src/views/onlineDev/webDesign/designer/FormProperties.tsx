// The properties of the whole form: label width and alignment, how the runtime opens it (centred dialog,
// full screen or side drawer) and how wide, and its buttons with their texts; the print button (hasPrintBtn)
// also names the template it prints a stored record with (printId).
import type { FormDataJson, PopupType } from '@jnpf/core';
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { PrintTemplatePicker } from '../../../../components/print/PrintTemplatePicker';
import { designerTexts } from './texts';

const WIDTHS = ['600px', '800px', '1000px', '1200px', '40%', '50%', '60%', '70%', '80%'];

type ButtonKeys = {
  has: 'hasConfirmBtn' | 'hasCancelBtn' | 'hasConfirmAndAddBtn';
  text: 'confirmButtonText' | 'cancelButtonText' | 'confirmAndAddText';
  label: 'confirmButton' | 'cancelButton' | 'confirmAndAddButton';
};

const BUTTONS: ButtonKeys[] = [
  { has: 'hasConfirmBtn', text: 'confirmButtonText', label: 'confirmButton' },
  { has: 'hasCancelBtn', text: 'cancelButtonText', label: 'cancelButton' },
  { has: 'hasConfirmAndAddBtn', text: 'confirmAndAddText', label: 'confirmAndAddButton' },
];

export function FormProperties({
  formData,
  modelId,
  onChange,
}: {
  formData: FormDataJson;
  /** the design's id ('' before its first save): the print templates offered are its own and SQL ones */
  modelId: string;
  onChange: (patch: Partial<FormDataJson>) => void;
}) {
  const t = designerTexts.useText();
  const popupType = formData.popupType ?? 'general';
  return (
    <Form component="div" layout="horizontal" labelCol={{ flex: '90px' }} labelWrap colon={false} size="small">
      <Form.Item label={t('labelWidth')} htmlFor="form-labelWidth">
        <InputNumber
          id="form-labelWidth"
          style={{ width: '100%' }}
          min={40}
          max={400}
          precision={0}
          value={formData.labelWidth ?? 100}
          onChange={(labelWidth: number | null) => onChange({ labelWidth: labelWidth ?? 100 })}
        />
      </Form.Item>
      <Form.Item label={t('labelPosition')}>
        <Radio.Group
          aria-label={t('labelPosition')}
          value={formData.labelPosition ?? 'right'}
          onChange={(e) => onChange({ labelPosition: e.target.value as 'left' | 'right' | 'top' })}
          options={[
            { value: 'left', label: t('labelLeft') },
            { value: 'right', label: t('labelRight') },
            { value: 'top', label: t('labelTop') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('popupType')} htmlFor="form-popupType">
        <Select
          id="form-popupType"
          value={popupType}
          onChange={(value: PopupType) => onChange({ popupType: value })}
          options={[
            { value: 'general', label: t('popupGeneral') },
            { value: 'fullScreen', label: t('popupFullScreen') },
            { value: 'drawer', label: t('popupDrawer') },
          ]}
        />
      </Form.Item>
      {popupType === 'general' && (
        <Form.Item label={t('generalWidth')} htmlFor="form-generalWidth">
          <Select
            id="form-generalWidth"
            value={formData.generalWidth ?? '600px'}
            onChange={(generalWidth: string) => onChange({ generalWidth })}
            options={WIDTHS.map((w) => ({ value: w, label: w }))}
          />
        </Form.Item>
      )}
      {popupType === 'drawer' && (
        <Form.Item label={t('drawerWidth')} htmlFor="form-drawerWidth">
          <Select
            id="form-drawerWidth"
            value={formData.drawerWidth ?? '600px'}
            onChange={(drawerWidth: string) => onChange({ drawerWidth })}
            options={WIDTHS.map((w) => ({ value: w, label: w }))}
          />
        </Form.Item>
      )}
      {BUTTONS.map(({ has, text, label }) => (
        <Form.Item key={has} label={t(label)} htmlFor={`form-${has}`}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Switch id={`form-${has}`} checked={!!formData[has]} onChange={(on) => onChange({ [has]: on })} />
            <Input
              aria-label={`${t(label)} ${t('buttonLabel')}`}
              disabled={!formData[has]}
              value={String(formData[text] ?? '')}
              onChange={(e) => onChange({ [text]: e.target.value })}
            />
          </div>
        </Form.Item>
      ))}
      <Form.Item label={t('printButton')} htmlFor="form-hasPrintBtn">
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Switch
            id="form-hasPrintBtn"
            checked={!!formData.hasPrintBtn}
            onChange={(hasPrintBtn) =>
              onChange(
                hasPrintBtn && !formData.printButtonText
                  ? { hasPrintBtn, printButtonText: t('print') }
                  : { hasPrintBtn },
              )
            }
          />
          <Input
            aria-label={`${t('printButton')} ${t('buttonLabel')}`}
            disabled={!formData.hasPrintBtn}
            value={String(formData.printButtonText ?? '')}
            onChange={(e) => onChange({ printButtonText: e.target.value })}
          />
        </div>
      </Form.Item>
      <Form.Item label={t('printTemplate')} htmlFor="form-printId">
        <PrintTemplatePicker
          id="form-printId"
          modelId={modelId}
          placeholder={t('printPlaceholder')}
          disabled={!formData.hasPrintBtn}
          value={formData.printId ?? ''}
          onChange={(printId) => onChange({ printId })}
        />
      </Form.Item>
    </Form>
  );
}
