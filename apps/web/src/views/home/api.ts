// Calls of the home page: the signed-in user's schedules of a day.
import type { Dayjs } from 'dayjs';
import { http } from '../../platform/request';

export interface TodaySchedule {
  id: string;
  groupId: string;
  title: string;
  allDay: number;
  startDay: number;
  startTime: string;
  endDay: number;
  endTime: string;
  urgent: string;
  color: string;
}

/** the schedules of the day starting at `start` (created or taking part), earliest first */
export async function fetchDaySchedules(start: Dayjs): Promise<TodaySchedule[]> {
  const { data } = await http.get<{ list: TodaySchedule[] }>('/api/system/Schedule', {
    startTime: start.valueOf(),
    endTime: start.endOf('day').valueOf(),
  });
  return [...(data?.list ?? [])].sort((a, b) => a.startDay - b.startDay);
}
