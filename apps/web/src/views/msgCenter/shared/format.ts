// How the message centre screens show a record's times and template type.
import dayjs from 'dayjs';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** a time stamp as date and time; nothing when there is none */
export const dateTime = (value: number | null | undefined) => (value ? dayjs(value).format(DATE_TIME) : '');

/** templateType '1' is a system record: shown, never changed or deleted */
export const isSystem = (record: { templateType: string }) => record.templateType === '1';
