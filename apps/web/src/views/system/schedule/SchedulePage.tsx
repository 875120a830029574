// The schedule screen (system/schedule): the signed-in user's schedules (created or taking part) in a month,
// week or day calendar, loaded for the visible range with the list call's range query. Today / previous / next
// move the view; a schedule opens its detail dialog; an empty day or slot opens the form at that time. The
// calls are every signed-in user's own (the server checks the creator for changes), so the screen has no
// buttons to grant: the detail offers edit and delete to the creator only.
import { LeftOutlined, PlusOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space, Spin, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { AdminPage, LoadError, Panel } from '../../../components/admin';
import { scheduleApi, scheduleKeys, type ScheduleRow } from '../../../components/schedule/api';
import { MonthView } from './MonthView';
import ScheduleDetailDialog from '../../../components/schedule/ScheduleDetailDialog';
import { ScheduleForm, type SchedulePrefill } from '../../../components/schedule/ScheduleForm';
import { daysOf, rangeQuery, step, viewRange, type CalendarMode } from '../../../components/schedule/scheduleModel';
import styles from './schedule.module.css';
import { TimeGrid } from './TimeGrid';
import { texts } from '../../../components/schedule/texts';

export default function SchedulePage({ initialDate }: { initialDate?: Dayjs } = {}) {
  const t = texts.useText();
  const [mode, setMode] = useState<CalendarMode>('month');
  const [anchor, setAnchor] = useState<Dayjs>(() => (initialDate ?? dayjs()).startOf('day'));
  const [detail, setDetail] = useState<{ id: string; groupId: string } | null>(null);
  const [form, setForm] = useState<{ open: boolean; prefill?: SchedulePrefill }>({ open: false });

  const { startTime, endTime } = rangeQuery(viewRange(mode, anchor));
  const list = useQuery({
    queryKey: scheduleKeys.range(startTime, endTime),
    queryFn: () => scheduleApi.list(startTime, endTime),
    placeholderData: keepPreviousData,
  });
  const rows = list.data ?? [];
  const client = useQueryClient();
  // a change may touch any range (a series runs over many months): every loaded range reloads, and only
  // those (the detail or form of an occurrence a change has just replaced must not reload)
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: scheduleKeys.lists }), [client]);

  const open = (row: ScheduleRow) => setDetail({ id: row.id, groupId: row.groupId });
  const create = (start: Dayjs, allDay: boolean) =>
    setForm({ open: true, prefill: { start: start.valueOf(), allDay } });
  const showDay = (day: Dayjs) => {
    setAnchor(day.startOf('day'));
    setMode('day');
  };

  const heading =
    mode === 'month'
      ? anchor.format(t('monthFormat'))
      : mode === 'day'
        ? anchor.format(t('dayFormat'))
        : t('weekOf', {
            from: viewRange('week', anchor).start.format(t('weekFormat')),
            to: viewRange('week', anchor).end.format(t('weekFormat')),
          });

  return (
    <AdminPage>
      <Panel grow>
        <div className={styles.header}>
          <Space wrap size={8}>
            <Button onClick={() => setAnchor(dayjs().startOf('day'))}>{t('today')}</Button>
            <Space.Compact>
              <Tooltip title={t('prev')}>
                <Button
                  icon={<LeftOutlined />}
                  aria-label={t('prev')}
                  onClick={() => setAnchor(step(mode, anchor, -1))}
                />
              </Tooltip>
              <Tooltip title={t('next')}>
                <Button
                  icon={<RightOutlined />}
                  aria-label={t('next')}
                  onClick={() => setAnchor(step(mode, anchor, 1))}
                />
              </Tooltip>
            </Space.Compact>
          </Space>
          <h2 className={styles.heading} aria-live="polite" data-testid="schedule-heading">
            {heading}
          </h2>
          <Space wrap size={8}>
            <Segmented<CalendarMode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'month', label: t('month') },
                { value: 'week', label: t('week') },
                { value: 'day', label: t('day') },
              ]}
            />
            <Tooltip title={t('refresh')}>
              <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={refresh} loading={list.isFetching} />
            </Tooltip>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              // a new schedule starts on the chosen day: all day in the month view, at the next hour otherwise
              onClick={() => create(mode === 'month' ? anchor : nextHourOn(anchor), mode === 'month')}
            >
              {t('add')}
            </Button>
          </Space>
        </div>
        <div className={styles.body}>
          {list.isError && !list.data ? (
            <LoadError onRetry={refresh} />
          ) : (
            <>
              {list.isFetching && (
                <div className={styles.loading}>
                  <Spin size="small" />
                </div>
              )}
              {mode === 'month' ? (
                <MonthView
                  anchor={anchor}
                  rows={rows}
                  onSelectDay={(day) => setAnchor(day.startOf('day'))}
                  onCreate={(day) => create(day, true)}
                  onOpen={open}
                  onShowDay={showDay}
                />
              ) : (
                <TimeGrid
                  key={mode}
                  days={daysOf(mode, anchor)}
                  rows={rows}
                  onOpen={open}
                  onCreate={create}
                  onShowDay={mode === 'week' ? showDay : undefined}
                />
              )}
            </>
          )}
        </div>
      </Panel>
      {detail && (
        <ScheduleDetailDialog
          open
          id={detail.id}
          groupId={detail.groupId}
          onClose={() => setDetail(null)}
          onChanged={refresh}
        />
      )}
      <ScheduleForm
        open={form.open}
        prefill={form.prefill}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
    </AdminPage>
  );
}

/** the next whole hour of today, or 09:00 on another day */
function nextHourOn(day: Dayjs, now: Dayjs = dayjs()): Dayjs {
  return day.isSame(now, 'day') ? now.add(1, 'hour').startOf('hour') : day.startOf('day').hour(9);
}
