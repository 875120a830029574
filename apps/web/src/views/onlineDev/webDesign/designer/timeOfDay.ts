// A stored time as a dayjs of today (it lives with the widgets, whose canvas stand-ins use it too).
export { timeOfDay } from '../../../../widgets/timeOfDay';
