// The week and day views: a column per day under an all-day row, and half-hour slots from 00:00 to 24:00.
// Timed schedules sit at their hours (overlapping ones side by side), all-day and multi-day ones in the
// all-day row. A click on an empty slot (or the all-day row) creates a schedule there; a click on a
// schedule opens its detail; a click on a day's heading opens that day.
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { ScheduleRow } from '../../../components/schedule/api';
import { ScheduleEntry } from './MonthView';
import {
  colorOf,
  DATE,
  DATE_TIME,
  layoutDay,
  rowsOfDay,
  spansDays,
  timeLabel,
} from '../../../components/schedule/scheduleModel';
import styles from './schedule.module.css';
import { texts } from '../../../components/schedule/texts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const SLOTS = Array.from({ length: 48 }, (_, i) => i * 30);
/** the hour the grid is scrolled to when it opens */
const FIRST_VISIBLE_HOUR = 8;
const HOUR_HEIGHT = 48;

export interface TimeGridProps {
  days: Dayjs[];
  rows: readonly ScheduleRow[];
  onOpen: (row: ScheduleRow) => void;
  onCreate: (start: Dayjs, allDay: boolean) => void;
  onShowDay?: (day: Dayjs) => void;
  now?: Dayjs;
}

export function TimeGrid({ days, rows, onOpen, onCreate, onShowDay, now = dayjs() }: TimeGridProps) {
  const t = texts.useText();
  const hoursRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // a little above the hour, so that its label shows whole
    if (hoursRef.current) hoursRef.current.scrollTop = FIRST_VISIBLE_HOUR * HOUR_HEIGHT - 8;
  }, []);
  const gridStyle = { '--days': days.length, '--hour-height': `${HOUR_HEIGHT}px` } as CSSProperties;

  return (
    <div className={styles.grid} style={gridStyle} data-testid="schedule-time-grid">
      <div className={styles.gridRow}>
        <div className={styles.gutterHead} />
        {days.map((day) => (
          <div
            key={day.valueOf()}
            role={onShowDay ? 'button' : undefined}
            tabIndex={onShowDay ? 0 : undefined}
            className={day.isSame(now, 'day') ? `${styles.dayHead} ${styles.dayHeadToday}` : styles.dayHead}
            onClick={() => onShowDay?.(day)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onShowDay?.(day);
            }}
          >
            {day.format(t('dayHeadFormat'))}
          </div>
        ))}
      </div>
      <div className={styles.gridRow}>
        <div className={styles.allDayLabel}>{t('allDay')}</div>
        {days.map((day) => (
          <div
            key={day.valueOf()}
            className={styles.allDayCell}
            data-all-day={day.format(DATE)}
            onClick={(event) => {
              if (event.target === event.currentTarget) onCreate(day.startOf('day'), true);
            }}
          >
            {rowsOfDay(rows, day)
              .filter(spansDays)
              .map((row) => (
                <ScheduleEntry key={row.id} row={row} onOpen={onOpen} allDayText={t('allDayShort')} />
              ))}
          </div>
        ))}
      </div>
      <div className={`${styles.gridRow} ${styles.hours}`} ref={hoursRef}>
        <div>
          {HOURS.map((hour) => (
            <div key={hour} className={styles.hourLabel}>
              {hour === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
            </div>
          ))}
        </div>
        {days.map((day) => (
          <DayColumn
            key={day.valueOf()}
            day={day}
            rows={rows}
            now={now}
            onOpen={onOpen}
            onCreate={onCreate}
            allDayText={t('allDayShort')}
          />
        ))}
      </div>
    </div>
  );
}

function DayColumn({
  day,
  rows,
  now,
  onOpen,
  onCreate,
  allDayText,
}: {
  day: Dayjs;
  rows: readonly ScheduleRow[];
  now: Dayjs;
  onOpen: (row: ScheduleRow) => void;
  onCreate: (start: Dayjs, allDay: boolean) => void;
  allDayText: string;
}) {
  const midnight = day.startOf('day');
  const today = day.isSame(now, 'day');
  const blocks = layoutDay(rows, day);
  const px = (minutes: number) => (minutes / 60) * HOUR_HEIGHT;
  return (
    <div className={today ? `${styles.dayColumn} ${styles.todayColumn}` : styles.dayColumn} data-day={day.format(DATE)}>
      {SLOTS.map((minute) => {
        const start = midnight.add(minute, 'minute');
        return (
          <button
            key={minute}
            type="button"
            className={styles.slot}
            aria-label={start.format(DATE_TIME)}
            data-slot={start.format(DATE_TIME)}
            onClick={() => onCreate(start, false)}
          />
        );
      })}
      {blocks.map(({ row, top, height, column, columns }) => (
        <button
          key={row.id}
          type="button"
          className={styles.block}
          data-schedule-id={row.id}
          title={`${timeLabel(row, allDayText)} ${row.title}`}
          style={{
            top: px(top),
            height: px(height) - 1,
            left: `calc(${(column / columns) * 100}% + 1px)`,
            width: `calc(${100 / columns}% - 3px)`,
            background: colorOf(row),
          }}
          onClick={() => onOpen(row)}
        >
          <span className={styles.blockTitle}>{row.title}</span>
          {height >= 40 && <span>{timeLabel(row, allDayText)}</span>}
        </button>
      ))}
      {today && <div className={styles.nowLine} style={{ top: px(now.diff(midnight, 'minute')) }} />}
    </div>
  );
}
