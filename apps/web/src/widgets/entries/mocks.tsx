// The designer canvas's light look-alikes of the widgets (each entry's design.Mock), built from antd controls:
// they show the configured placeholder, options, texts and default value and take no input. And the frame
// the canvas draws a card in.
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { isRangeSlider, sliderPair, toDayjsFormat, type FieldConfig } from '@jnpf/core';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorPicker,
  DatePicker,
  Divider,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useFieldChoices } from '../fieldChoices';
import { timeOfDay } from '../timeOfDay';
import type { CanvasFrameProps, MockProps } from '../types';
import styles from './mocks.module.css';

const FULL = { width: '100%' };
const defaultOf = (field: FieldConfig) => field.__config__.defaultValue;

export function TextMock({ field }: MockProps) {
  return <Input placeholder={field.placeholder} value={(defaultOf(field) as string) || undefined} readOnly />;
}

export function TextareaMock({ field }: MockProps) {
  return (
    <Input.TextArea
      placeholder={field.placeholder}
      value={(defaultOf(field) as string) || undefined}
      rows={field.autosize?.minRows ?? 4}
      readOnly
    />
  );
}

export function NumberMock({ field }: MockProps) {
  return (
    <InputNumber style={FULL} placeholder={field.placeholder} value={defaultOf(field) as number | null} readOnly />
  );
}

export function SwitchMock({ field }: MockProps) {
  return (
    <Switch
      checked={defaultOf(field) === field.activeValue}
      checkedChildren={field.activeTxt || undefined}
      unCheckedChildren={field.inactiveTxt || undefined}
    />
  );
}

export function RadioMock({ field }: MockProps) {
  const choices = useFieldChoices(field);
  return <Radio.Group options={choices} value={defaultOf(field) as string | undefined} />;
}

export function CheckboxMock({ field }: MockProps) {
  const choices = useFieldChoices(field);
  const value = defaultOf(field);
  return <Checkbox.Group options={choices} value={Array.isArray(value) ? (value as string[]) : []} />;
}

export function SelectMock({ field }: MockProps) {
  const choices = useFieldChoices(field);
  const value = defaultOf(field) as string | string[] | undefined;
  const multiple = !!field.multiple;
  const shown = multiple ? (Array.isArray(value) ? value : []) : value || undefined;
  return (
    <Select
      style={FULL}
      options={choices}
      mode={multiple ? 'multiple' : undefined}
      value={shown}
      placeholder={field.placeholder}
      open={false}
    />
  );
}

export function DateMock({ field }: MockProps) {
  const value = defaultOf(field);
  return (
    <DatePicker
      style={FULL}
      showTime={field.type === 'datetime'}
      format={toDayjsFormat(field.format)}
      placeholder={field.placeholder}
      value={typeof value === 'number' ? dayjs(value) : null}
      open={false}
    />
  );
}

export function TimeMock({ field }: MockProps) {
  return (
    <TimePicker
      style={FULL}
      format={field.format || 'HH:mm:ss'}
      placeholder={field.placeholder}
      value={timeOfDay(defaultOf(field))}
      open={false}
    />
  );
}

export function ColorMock({ field }: MockProps) {
  return <ColorPicker value={(defaultOf(field) as string) || undefined} open={false} />;
}

export function RateMock({ field }: MockProps) {
  return <Rate count={field.max ?? 5} allowHalf={!!field.allowHalf} value={(defaultOf(field) as number) ?? 0} />;
}

export function SliderMock({ field }: MockProps) {
  const bounds = { min: field.min, max: field.max, step: field.step };
  if (isRangeSlider(field))
    return <Slider {...bounds} range value={sliderPair(defaultOf(field)) ?? [field.min ?? 0, field.max ?? 100]} />;
  return <Slider {...bounds} value={(defaultOf(field) as number) ?? 0} />;
}

export function FileButtonMock({ field }: MockProps) {
  return <Button icon={<UploadOutlined />}>{String(field.buttonText ?? '')}</Button>;
}

export function PictureCardMock() {
  return (
    <div className={styles.uploadCard}>
      <PlusOutlined />
    </div>
  );
}

export function RichTextMock({ field }: MockProps) {
  return <Input.TextArea placeholder={field.placeholder} rows={6} readOnly />;
}

/** a closed select: pickers, trees and areas */
export function PickerMock({ field }: MockProps) {
  return (
    <Select style={FULL} placeholder={field.placeholder} mode={field.multiple ? 'multiple' : undefined} open={false} />
  );
}

/** what the server fills in: its placeholder only */
export function ReadonlyMock({ field }: MockProps) {
  return <Input placeholder={field.placeholder} readOnly />;
}

export function GroupTitleMock({ field }: MockProps) {
  return (
    <Divider titlePlacement={field.contentPosition ?? 'left'} style={{ margin: '4px 0 12px' }}>
      {field.content}
    </Divider>
  );
}

export function DividerMock({ field }: MockProps) {
  return <Divider titlePlacement={field.contentPosition ?? 'center'}>{field.content || null}</Divider>;
}

export function TextItemMock({ field }: MockProps) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Typography.Text>{field.content}</Typography.Text>
    </div>
  );
}

export function AlertMock({ field }: MockProps) {
  return (
    <Alert
      style={{ marginBottom: 8 }}
      title={field.title}
      type={(field.type as 'success' | 'info' | 'warning' | 'error' | undefined) ?? 'info'}
      showIcon={field.showIcon !== false}
    />
  );
}

/** a card on the canvas: its header over its items */
export function CardFrame({ field, children }: CanvasFrameProps) {
  return (
    <Card size="small" title={field.header || undefined} style={{ marginBottom: 8 }}>
      {children}
    </Card>
  );
}
