export { sheetImportApi, type ImportOutcome, type ImportPreview, type SheetImportApi } from './api';
export { MAX_IMPORT_BYTES, SheetImportWizard, type SheetImportWizardProps } from './SheetImportWizard';
