// A time value as the records store it ("HH:mm:ss") to a dayjs of today for antd's TimePicker, without
// dayjs's parsing plugin.
import dayjs, { type Dayjs } from 'dayjs';

export function timeOfDay(text: unknown): Dayjs | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  return dayjs()
    .startOf('day')
    .hour(Number(match[1]))
    .minute(Number(match[2]))
    .second(Number(match[3] ?? 0));
}
