// A light look-alike of each field on the canvas, built from antd controls (the runtime widgets live
// elsewhere). It shows the configured placeholder, options, texts and default value; it takes no input.
import { toDayjsFormat, type FieldConfig } from '@jnpf/core';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
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
import styles from './designer.module.css';
import { useFieldChoices } from './fieldOptions';
import { timeOfDay } from './timeOfDay';

const FULL = { width: '100%' };

function OptionMock({ field }: { field: FieldConfig }) {
  const choices = useFieldChoices(field);
  const key = field.__config__.jnpfKey;
  const value = field.__config__.defaultValue as string | string[] | undefined;
  if (key === 'radio') return <Radio.Group options={choices} value={value} />;
  if (key === 'checkbox') return <Checkbox.Group options={choices} value={Array.isArray(value) ? value : []} />;
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

export function FieldMock({ field }: { field: FieldConfig }) {
  const config = field.__config__;
  const value = config.defaultValue;
  switch (config.jnpfKey) {
    case 'input':
      return <Input placeholder={field.placeholder} value={(value as string) || undefined} readOnly />;
    case 'textarea':
      return (
        <Input.TextArea
          placeholder={field.placeholder}
          value={(value as string) || undefined}
          rows={field.autosize?.minRows ?? 4}
          readOnly
        />
      );
    case 'inputNumber':
      return <InputNumber style={FULL} placeholder={field.placeholder} value={value as number | null} readOnly />;
    case 'switch':
      return (
        <Switch
          checked={value === field.activeValue}
          checkedChildren={field.activeTxt || undefined}
          unCheckedChildren={field.inactiveTxt || undefined}
        />
      );
    case 'radio':
    case 'checkbox':
    case 'select':
      return <OptionMock field={field} />;
    case 'datePicker':
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
    case 'timePicker':
      return (
        <TimePicker
          style={FULL}
          format={field.format || 'HH:mm:ss'}
          placeholder={field.placeholder}
          value={timeOfDay(value)}
          open={false}
        />
      );
    case 'colorPicker':
      return <ColorPicker value={(value as string) || undefined} open={false} />;
    case 'rate':
      return <Rate count={field.max ?? 5} allowHalf={!!field.allowHalf} value={(value as number) ?? 0} />;
    case 'slider':
      return <Slider min={field.min} max={field.max} step={field.step} value={(value as number) ?? 0} />;
    case 'uploadFile':
      return <Button icon={<UploadOutlined />}>{String(field.buttonText ?? '')}</Button>;
    case 'uploadImg':
      return (
        <div className={styles.uploadCard}>
          <PlusOutlined />
        </div>
      );
    case 'editor':
      return <Input.TextArea placeholder={field.placeholder} rows={6} readOnly />;
    case 'areaSelect':
    case 'cascader':
    case 'treeSelect':
    case 'organizeSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
    case 'roleSelect':
    case 'groupSelect':
      return (
        <Select
          style={FULL}
          placeholder={field.placeholder}
          mode={field.multiple ? 'multiple' : undefined}
          open={false}
        />
      );
    case 'billRule':
    case 'createUser':
    case 'createTime':
    case 'modifyUser':
    case 'modifyTime':
    case 'currOrganize':
    case 'currPosition':
      return <Input placeholder={field.placeholder} readOnly />;
    case 'groupTitle':
      return (
        <Divider titlePlacement={field.contentPosition ?? 'left'} style={{ margin: '4px 0 12px' }}>
          {field.content}
        </Divider>
      );
    case 'divider':
      return <Divider titlePlacement={field.contentPosition ?? 'center'}>{field.content || null}</Divider>;
    case 'text':
      return (
        <div style={{ marginBottom: 8 }}>
          <Typography.Text>{field.content}</Typography.Text>
        </div>
      );
    case 'alert':
      return (
        <Alert
          style={{ marginBottom: 8 }}
          title={field.title}
          type={(field.type as 'success' | 'info' | 'warning' | 'error' | undefined) ?? 'info'}
          showIcon={field.showIcon !== false}
        />
      );
    default:
      return null;
  }
}
