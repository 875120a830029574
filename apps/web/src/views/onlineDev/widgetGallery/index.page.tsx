// onlineDev/widgetGallery: every widget the designer offers, as a form field, a read-only detail and a list cell.
export { default } from './WidgetGalleryPage';
