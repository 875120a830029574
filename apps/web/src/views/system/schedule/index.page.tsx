// system/schedule: the schedule calendar.
export { default } from './SchedulePage';
