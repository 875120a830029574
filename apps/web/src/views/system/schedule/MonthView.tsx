// The month view: antd's Calendar grid with each day's schedules (all-day and multi-day ones as coloured
// bars, timed ones as a dot, the start time and the title). A click on a schedule opens its detail; a double
// click on a day (or Enter on its entry) creates one on that day; "n more" opens the day view.
import { Calendar } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleRow } from '../../../components/schedule/api';
import { colorOf, DATE, rowsOfDay, spansDays, timeLabel } from '../../../components/schedule/scheduleModel';
import styles from './schedule.module.css';
import { texts } from '../../../components/schedule/texts';

/** how many schedules a day cell lists before "n more" */
export const MONTH_CELL_ROWS = 3;

export interface MonthViewProps {
  anchor: Dayjs;
  rows: readonly ScheduleRow[];
  onSelectDay: (day: Dayjs) => void;
  onCreate: (day: Dayjs) => void;
  onOpen: (row: ScheduleRow) => void;
  onShowDay: (day: Dayjs) => void;
}

export function MonthView({ anchor, rows, onSelectDay, onCreate, onOpen, onShowDay }: MonthViewProps) {
  const t = texts.useText();
  return (
    <Calendar
      value={anchor}
      headerRender={() => null}
      onSelect={(day, { source }) => {
        if (source === 'date') onSelectDay(day);
      }}
      cellRender={(day, info) => {
        if (info.type !== 'date') return info.originNode;
        const list = rowsOfDay(rows, day);
        const shown = list.slice(0, list.length > MONTH_CELL_ROWS ? MONTH_CELL_ROWS - 1 : MONTH_CELL_ROWS);
        return (
          <div
            className={styles.monthCell}
            data-day={day.format(DATE)}
            onDoubleClick={(event) => {
              if (event.target === event.currentTarget) onCreate(day);
            }}
            title={t('createHint')}
          >
            {shown.map((row) => (
              <ScheduleEntry key={row.id} row={row} onOpen={onOpen} allDayText={t('allDayShort')} />
            ))}
            {list.length > shown.length && (
              <button
                type="button"
                className={styles.more}
                onClick={(event) => {
                  event.stopPropagation();
                  onShowDay(day);
                }}
              >
                {t('more', { n: list.length - shown.length })}
              </button>
            )}
          </div>
        );
      }}
    />
  );
}

/** one schedule in a list of a day (month cell, all-day row) */
export function ScheduleEntry({
  row,
  onOpen,
  allDayText,
}: {
  row: ScheduleRow;
  onOpen: (row: ScheduleRow) => void;
  allDayText: string;
}) {
  const color = colorOf(row);
  const bar = spansDays(row);
  return (
    <button
      type="button"
      className={bar ? `${styles.entry} ${styles.entryBar}` : styles.entry}
      style={bar ? { background: color } : undefined}
      title={`${timeLabel(row, allDayText)} ${row.title}`}
      data-schedule-id={row.id}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(row);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {!bar && <span className={styles.entryDot} style={{ background: color }} />}
      {!bar && <span className={styles.entryTime}>{dayjs(row.startDay).format('HH:mm')}</span>}
      <span className={styles.entryTitle}>{row.title}</span>
    </button>
  );
}
