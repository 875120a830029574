// The user import: the shared batch-import wizard on the users' calls (the reference's users screen downloads
// its failed rows through ExportExceptionData).
import { SheetImportWizard } from '../../../components/sheetImport';
import { userApi } from './api';

export function ImportWizard(props: { open: boolean; onClose: () => void; onImported: () => void }) {
  return <SheetImportWizard {...props} base={userApi.listUrl} exceptionPath="ExportExceptionData" />;
}
