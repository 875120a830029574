// permission/position: the position screen.
export { default } from './PositionPage';
