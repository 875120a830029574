// The schedule form (new or edit): every field the server takes — title, category (scheduleCategory dictionary),
// urgency, all-day, start and end or a length, repetition and when it ends, reminder time and way (default, or a
// message send configuration), participants, colour, content and the attachments (uploaded to the schedule upload
// as they are chosen, saved in `files` as JSON). Saving a repeating schedule's change asks first which occurrences
// it covers.
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Radio, Select, Switch, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState, type KeyboardEvent } from 'react';
import { FormDialog, maxLength, required, useDictionary } from '../admin';
import { AttachmentsField, type AttachmentFile } from '../attachments';
import { RequestError } from '../../platform/request';
import { UserSelect } from '../directory/UserSelect';
import {
  parseFiles,
  scheduleApi,
  scheduleKeys,
  SCHEDULE_UPLOAD_URL,
  type ScheduleInfo,
  type ScheduleInput,
  type Scope,
} from './api';
import {
  ALL_DAY_REMINDERS,
  AT_START,
  DATE,
  DATE_TIME,
  DURATIONS,
  durationLabel,
  NO_REMINDER,
  reminderLabel,
  repetitionLabel,
  SCHEDULE_COLORS,
  TIMED_REMINDERS,
  urgencyLabel,
} from './scheduleModel';
import styles from './ScheduleForm.module.css';
import { ScopeDialog } from './ScopeDialog';
import { texts } from './texts';

/** where a new schedule starts when the calendar was clicked: that day (all day) or that slot */
export interface SchedulePrefill {
  start: number;
  allDay: boolean;
}

export interface ScheduleFormProps {
  open: boolean;
  /** the occurrence to edit; none for a new schedule */
  id?: string;
  prefill?: SchedulePrefill;
  onClose: () => void;
  onSaved: () => void;
}

export interface ScheduleFormValues {
  title: string;
  category?: string;
  urgent: string;
  allDay: boolean;
  startDay: Dayjs;
  endDay: Dayjs;
  duration: number;
  repetition: string;
  repeatTime?: Dayjs | null;
  reminderTime: number;
  reminderType: number;
  send?: string;
  toUserIds: string[];
  color: string;
  content?: string;
  files: AttachmentFile[];
}

const TITLE_MAX = 200;
const CONTENT_MAX = 5000;
/** a new timed schedule lasts an hour */
const DEFAULT_LENGTH_MINUTES = 60;

/** the values a new schedule starts with */
export function newScheduleValues(prefill: SchedulePrefill | undefined, now: Dayjs = dayjs()): ScheduleFormValues {
  const allDay = prefill?.allDay ?? false;
  // without a clicked slot: the next whole hour today
  const start = prefill ? dayjs(prefill.start) : now.add(1, 'hour').startOf('hour');
  return {
    title: '',
    urgent: '1',
    allDay,
    startDay: allDay ? start.startOf('day') : start,
    endDay: allDay ? start.startOf('day') : start.add(DEFAULT_LENGTH_MINUTES, 'minute'),
    duration: -1,
    repetition: '1',
    repeatTime: null,
    reminderTime: NO_REMINDER,
    reminderType: 1,
    toUserIds: [],
    color: '',
    content: '',
    files: [],
  };
}

/** the form's values for a stored occurrence */
export function valuesOfInfo(info: ScheduleInfo): ScheduleFormValues {
  const allDay = info.allDay === 1;
  return {
    title: info.title,
    category: info.category || undefined,
    urgent: info.urgent || '1',
    allDay,
    startDay: dayjs(info.startDay),
    endDay: dayjs(info.endDay),
    duration: allDay ? -1 : info.duration,
    repetition: info.repetition || '1',
    repeatTime: info.repeatTime != null ? dayjs(info.repeatTime) : null,
    reminderTime: info.reminderTime,
    reminderType: info.reminderType || 1,
    send: info.send || undefined,
    toUserIds: info.toUserIds,
    color: info.color,
    content: info.content,
    // entries written elsewhere may lack fields: the field shows them all the same, extra keys are kept
    files: parseFiles(info.files).map((file) => ({
      ...file,
      name: file.name || file.fileId || '',
      fileId: file.fileId ?? '',
      fileSize: Number(file.fileSize) || 0,
      fileExtension: file.fileExtension ?? '',
      url: file.url ?? '',
    })),
  };
}

/** the body create and update send */
export function inputOfValues(values: ScheduleFormValues, sendName = ''): ScheduleInput {
  const allDay = values.allDay;
  const start = allDay ? values.startDay.startOf('day') : values.startDay.second(0).millisecond(0);
  const duration = allDay ? -1 : values.duration;
  const end = allDay
    ? values.endDay.startOf('day')
    : duration > 0
      ? start.add(duration, 'minute')
      : values.endDay.second(0).millisecond(0);
  const repeating = values.repetition !== '1';
  const custom = values.reminderType === 2 && values.reminderTime !== NO_REMINDER;
  return {
    category: values.category ?? '',
    urgent: values.urgent,
    title: values.title.trim(),
    content: values.content ?? '',
    allDay: allDay ? 1 : 0,
    startDay: start.valueOf(),
    startTime: allDay ? '00:00' : start.format('HH:mm'),
    endDay: end.valueOf(),
    endTime: allDay ? '23:59' : end.format('HH:mm'),
    duration,
    toUserIds: values.toUserIds ?? [],
    color: values.color ?? '',
    reminderTime: values.reminderTime,
    reminderType: custom ? 2 : 1,
    send: custom ? (values.send ?? '') : '',
    sendName: custom ? sendName : '',
    repetition: values.repetition,
    repeatTime: repeating && values.repeatTime ? values.repeatTime.startOf('day').valueOf() : null,
    files: JSON.stringify(values.files ?? []),
  };
}

/** the end instant the values describe (a length counts from the start) */
function endOf(values: Pick<ScheduleFormValues, 'allDay' | 'startDay' | 'endDay' | 'duration'>): Dayjs | undefined {
  if (!values.startDay) return values.endDay;
  if (values.allDay) return values.endDay?.endOf('day');
  return values.duration > 0 ? values.startDay.add(values.duration, 'minute') : values.endDay;
}

/**
 * Enter in a date picker commits the typed date (the picker does that before this runs) and must not also
 * save the form, as Enter in a text field does.
 */
const keepEnterInPicker = (event: KeyboardEvent<HTMLElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** a cancelled scope choice: the save stops quietly (marked as already shown, so no toast) */
const scopeCancelled = () => new RequestError('cancelled', null, undefined, true);

export function ScheduleForm({ open, id, prefill, onClose, onSaved }: ScheduleFormProps) {
  const t = texts.useText();
  const [form] = Form.useForm<ScheduleFormValues>();
  const editing = Boolean(id);
  const categories = useDictionary('scheduleCategory');
  const info = useQuery({
    queryKey: scheduleKeys.info(id ?? ''),
    queryFn: () => scheduleApi.info(id!),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const sendNames = useRef(new Map<string, string>());
  const [scopeAsk, setScopeAsk] = useState<{ resolve: (scope: Scope) => void; reject: (e: unknown) => void }>();

  const initial = editing ? (info.data ? valuesOfInfo(info.data) : undefined) : newScheduleValues(prefill);
  if (info.data?.send) sendNames.current.set(info.data.send, info.data.sendName);

  const chooseScope = () =>
    new Promise<Scope>((resolve, reject) => {
      setScopeAsk({ resolve, reject });
    });

  const submit = async (values: ScheduleFormValues) => {
    const input = inputOfValues(values, sendNames.current.get(values.send ?? '') ?? '');
    if (!editing) return scheduleApi.create(input);
    const repeating = !!info.data && info.data.repetition !== '1';
    const scope: Scope = repeating ? await chooseScope() : 1;
    setScopeAsk(undefined);
    return scheduleApi.update(id!, scope, { ...input, version: info.data?.version });
  };

  return (
    <>
      <FormDialog<ScheduleFormValues>
        open={open}
        title={editing ? t('edit') : t('add')}
        form={form}
        width={640}
        loading={editing && info.isLoading}
        loadError={editing && info.isError}
        onRetry={() => void info.refetch()}
        initialValues={initial}
        onSubmit={submit}
        onSaved={onSaved}
        onCancel={onClose}
        formProps={{ labelCol: { flex: '96px' } }}
      >
        <ScheduleFields
          form={form}
          categories={categories.items.map((item) => ({ value: item.enCode, label: item.fullName }))}
          categoriesLoading={categories.isLoading}
          sendFallback={info.data?.send ? { value: info.data.send, label: info.data.sendName || info.data.send } : null}
          onSendNames={(list) => list.forEach((c) => sendNames.current.set(c.id, c.fullName))}
          t={t}
        />
      </FormDialog>
      <ScopeDialog
        open={!!scopeAsk}
        mode="edit"
        onCancel={() => {
          scopeAsk?.reject(scopeCancelled());
          setScopeAsk(undefined);
        }}
        onConfirm={(scope) => scopeAsk?.resolve(scope)}
      />
    </>
  );
}

interface Option {
  value: string;
  label: string;
}

function ScheduleFields({
  form,
  categories,
  categoriesLoading,
  sendFallback,
  onSendNames,
  t,
}: {
  form: FormInstance<ScheduleFormValues>;
  categories: Option[];
  categoriesLoading: boolean;
  sendFallback: Option | null;
  onSendNames: (list: { id: string; fullName: string }[]) => void;
  t: typeof texts.text;
}) {
  const allDay = Form.useWatch('allDay', form) ?? false;
  const duration = Form.useWatch('duration', form) ?? -1;
  const repetition = Form.useWatch('repetition', form) ?? '1';
  const reminderTime = Form.useWatch('reminderTime', form) ?? NO_REMINDER;
  const reminderType = Form.useWatch('reminderType', form) ?? 1;
  const sendConfigs = useQuery({
    queryKey: ['system', 'schedule', 'sendConfigs'],
    queryFn: async () => {
      const list = await scheduleApi.sendConfigs('');
      onSendNames(list);
      return list;
    },
    enabled: reminderType === 2 && reminderTime !== NO_REMINDER,
  });
  const sendOptions: Option[] = (sendConfigs.data ?? []).map((c) => ({ value: c.id, label: c.fullName }));
  if (sendFallback && !sendOptions.some((o) => o.value === sendFallback.value)) sendOptions.unshift(sendFallback);

  const pickerFormat = allDay ? DATE : DATE_TIME;
  const endRules: Rule[] = [
    { required: true, message: t('endRequired') },
    ({ getFieldsValue }) => ({
      validator: () => {
        const values = getFieldsValue(['allDay', 'startDay', 'endDay', 'duration']) as ScheduleFormValues;
        const end = endOf(values);
        const start = values.allDay ? values.startDay?.startOf('day') : values.startDay;
        return start && end && end.isBefore(start) ? Promise.reject(new Error(t('endBeforeStart'))) : Promise.resolve();
      },
    }),
  ];
  const repeatRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value?: Dayjs | null) => {
        const start = getFieldValue('startDay') as Dayjs | undefined;
        return value && start && value.endOf('day').isBefore(start)
          ? Promise.reject(new Error(t('repeatBeforeStart')))
          : Promise.resolve();
      },
    }),
  ];
  const reminderOptions = [
    { value: NO_REMINDER, label: reminderLabel(t, NO_REMINDER, allDay) },
    ...(allDay
      ? ALL_DAY_REMINDERS.map((value) => ({ value, label: reminderLabel(t, value, true) }))
      : [AT_START, ...TIMED_REMINDERS].map((value) => ({ value, label: reminderLabel(t, value, false) }))),
  ];

  return (
    <>
      <Form.Item
        name="title"
        label={t('scheduleTitle')}
        rules={[required(t('titleRequired')), maxLength(t('titleTooLong'), TITLE_MAX)]}
      >
        <Input placeholder={t('inputPlaceholder')} autoFocus />
      </Form.Item>
      <Form.Item name="category" label={t('category')}>
        <Select
          allowClear
          options={categories}
          loading={categoriesLoading}
          placeholder={t('selectPlaceholder')}
          aria-label={t('category')}
        />
      </Form.Item>
      <Form.Item name="urgent" label={t('urgent')}>
        <Radio.Group
          options={['1', '2', '3'].map((value) => ({ value, label: urgencyLabel(t, value) }))}
          aria-label={t('urgent')}
        />
      </Form.Item>
      <Form.Item name="allDay" label={t('allDay')} valuePropName="checked">
        <Switch
          aria-label={t('allDay')}
          onChange={(checked) => {
            // a different kind of day keeps no reminder that only the other kind knows
            form.setFieldValue('reminderTime', NO_REMINDER);
            if (checked) form.setFieldValue('duration', -1);
          }}
        />
      </Form.Item>
      <Form.Item name="startDay" label={t('startTime')} rules={[{ required: true, message: t('startRequired') }]}>
        <DatePicker
          showTime={allDay ? false : { format: 'HH:mm', minuteStep: 5 }}
          format={pickerFormat}
          allowClear={false}
          onKeyDown={keepEnterInPicker}
          style={{ width: '100%' }}
          aria-label={t('startTime')}
          onChange={() => void form.validateFields(['endDay', 'repeatTime']).catch(() => undefined)}
        />
      </Form.Item>
      {!allDay && (
        <Form.Item name="duration" label={t('duration')}>
          <Select
            options={DURATIONS.map((value) => ({ value, label: durationLabel(t, value) }))}
            aria-label={t('duration')}
            onChange={() => void form.validateFields(['endDay']).catch(() => undefined)}
          />
        </Form.Item>
      )}
      <Form.Item
        name="endDay"
        label={t('endTime')}
        rules={endRules}
        hidden={!allDay && duration > 0}
        dependencies={['startDay', 'allDay', 'duration']}
      >
        <DatePicker
          showTime={allDay ? false : { format: 'HH:mm', minuteStep: 5 }}
          format={pickerFormat}
          allowClear={false}
          onKeyDown={keepEnterInPicker}
          style={{ width: '100%' }}
          aria-label={t('endTime')}
        />
      </Form.Item>
      <Form.Item name="repetition" label={t('repetition')}>
        <Select
          options={['1', '2', '3', '4', '5'].map((value) => ({ value, label: repetitionLabel(t, value) }))}
          aria-label={t('repetition')}
        />
      </Form.Item>
      {repetition !== '1' && (
        <Form.Item name="repeatTime" label={t('repeatTime')} rules={repeatRules} dependencies={['startDay']}>
          <DatePicker
            format={DATE}
            onKeyDown={keepEnterInPicker}
            style={{ width: '100%' }}
            placeholder={t('repeatForever')}
            aria-label={t('repeatTime')}
          />
        </Form.Item>
      )}
      <Form.Item name="reminderTime" label={t('reminderTime')}>
        <Select options={reminderOptions} aria-label={t('reminderTime')} />
      </Form.Item>
      {reminderTime !== NO_REMINDER && (
        <Form.Item name="reminderType" label={t('reminderType')}>
          <Radio.Group
            options={[
              { value: 1, label: t('reminderDefault') },
              { value: 2, label: t('reminderCustom') },
            ]}
          />
        </Form.Item>
      )}
      {reminderTime !== NO_REMINDER && reminderType === 2 && (
        <Form.Item name="send" label={t('send')} rules={[{ required: true, message: t('sendRequired') }]}>
          <Select
            options={sendOptions}
            loading={sendConfigs.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('selectPlaceholder')}
            aria-label={t('send')}
          />
        </Form.Item>
      )}
      <Form.Item name="toUserIds" label={t('participants')}>
        {/* the "select user" dialog: users found through the organisation tree or a keyword, never all of them */}
        <UserSelect multiple placeholder={t('selectPlaceholder')} ariaLabel={t('participants')} />
      </Form.Item>
      <Form.Item name="color" label={t('color')}>
        <ColorSwatches defaultLabel={t('colorDefault')} />
      </Form.Item>
      <Form.Item name="content" label={t('content')} rules={[{ max: CONTENT_MAX }]}>
        <Input.TextArea rows={3} maxLength={CONTENT_MAX} placeholder={t('inputPlaceholder')} />
      </Form.Item>
      <Form.Item name="files" label={t('files')}>
        <AttachmentsField uploadUrl={SCHEDULE_UPLOAD_URL} />
      </Form.Item>
    </>
  );
}

/** a colour from the theme colours, or none (the urgency decides) */
function ColorSwatches({
  value = '',
  onChange,
  defaultLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  defaultLabel: string;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(event) => onChange?.(event.target.value as string)}
      className={styles.swatches}
    >
      <Radio.Button value="" aria-label={defaultLabel}>
        {defaultLabel}
      </Radio.Button>
      {SCHEDULE_COLORS.map((color) => (
        <Radio.Button key={color} value={color} aria-label={color} className={styles.swatch}>
          <span className={styles.swatchDot} style={{ background: color }} />
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
