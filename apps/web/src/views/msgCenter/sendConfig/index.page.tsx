// msgCenter/sendConfig: the send configuration screen.
export { default } from './SendConfigPage';
