// onlineDev/webDesign: the function-design screen (list, designer, release).
export { default } from './WebDesignPage';
