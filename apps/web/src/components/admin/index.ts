// The administration kit: what every administration screen reuses. Import from 'components/admin'.
export { AdminPage, Panel, Toolbar } from './AdminPage';
export * from './constants';
export { downloadFile, downloadHref, exportAndDownload, type DownloadVO } from './download';
export { FormDialog, type FormDialogProps } from './FormDialog';
export { acceptsFile, ImportDialog, type ImportDialogProps, type ImportResult } from './ImportDialog';
export { pause, showFailure, showServerSuccess } from './notify';
export * from './rules';
export { SearchBar, type SearchBarProps } from './SearchBar';
export { applyServerErrors, serverCellErrors, serverFieldErrors, type RefusedCell } from './serverErrors';
export { EnabledTag, LoadError } from './states';
export { kitTexts } from './texts';
export { TreePanel, type TreePanelProps } from './TreePanel';
export * from './treeUtils';
export { useConfirmAction, type ConfirmedAction } from './useConfirmAction';
export * from './useDictionary';
export {
  tablePagination,
  pagingOnChange,
  useLastPageGuard,
  usePagedTable,
  type PagedTable,
  type PagedTableOptions,
  type Paging,
} from './usePagedTable';
export { uploadFile } from './upload';
