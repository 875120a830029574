// system/billRule: the number-rule screen.
export { default } from './BillRulePage';
