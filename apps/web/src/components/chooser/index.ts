export { default as RecordChooser, defaultChooserLoader, useRecordChooser } from './RecordChooser';
export type { RecordChooserProps } from './RecordChooser';
export * from './chooserModel';
