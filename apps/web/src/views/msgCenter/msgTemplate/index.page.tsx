// msgCenter/msgTemplate: the message template screen.
export { default } from './TemplatePage';
