// The home page's today panel: the user's schedules of today (created or taking part; a click opens the
// schedule's detail) and the unread in-site messages with a way into the drawer.
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Result, Skeleton, Statistic } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { openHeaderPanel, useMessageCounts } from '../../platform/messageCounts';
import styles from './HomePage.module.css';
import { fetchDaySchedules, type TodaySchedule } from './api';
import { useHomeText } from './homeTexts';

const ScheduleDetailDialog = lazy(() => import('../../components/schedule/ScheduleDetailDialog'));

const URGENCY_COLORS: Record<string, string> = { '1': '#1890ff', '2': '#fa8c16', '3': '#f5222d' };

/** today's schedules, earliest first */
const fetchToday = () => fetchDaySchedules(dayjs().startOf('day'));

export default function TodayPanel() {
  const text = useHomeText();
  const unread = useMessageCounts((state) => state.noticeUnread);
  const [open, setOpen] = useState<TodaySchedule | null>(null);
  const today = useQuery({ queryKey: ['home', 'todaySchedules'], queryFn: fetchToday });

  const timeOf = (s: TodaySchedule) =>
    s.allDay ? text('allDay') : `${dayjs(s.startDay).format('HH:mm')} – ${dayjs(s.endDay).format('HH:mm')}`;

  return (
    <div className={styles.today}>
      <Card title={text('todaySchedules')} variant="borderless" className={styles.schedules}>
        {today.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : today.isError ? (
          <Result
            status="warning"
            subTitle={text('schedulesFailed')}
            extra={<Button onClick={() => void today.refetch()}>{text('retry')}</Button>}
          />
        ) : !today.data?.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('noSchedules')} />
        ) : (
          <List
            size="small"
            dataSource={today.data}
            renderItem={(s) => (
              <List.Item>
                <button type="button" className={styles.scheduleItem} onClick={() => setOpen(s)}>
                  <Badge color={s.color || URGENCY_COLORS[s.urgent] || URGENCY_COLORS['1']} />
                  <span className={styles.scheduleTime}>{timeOf(s)}</span>
                  <span className={styles.scheduleTitle}>{s.title}</span>
                </button>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card variant="borderless" className={styles.unread}>
        <Statistic title={text('unreadMessages')} value={unread} />
        <Button type="link" className={styles.unreadLink} onClick={() => openHeaderPanel('notice')}>
          {text('openMessages')}
        </Button>
      </Card>
      {open && (
        <Suspense fallback={null}>
          <ScheduleDetailDialog
            open
            id={open.id}
            groupId={open.groupId}
            onClose={() => setOpen(null)}
            onChanged={() => void today.refetch()}
          />
        </Suspense>
      )}
    </div>
  );
}
