// system/notice: the notice screen.
export { default } from './NoticePage';
