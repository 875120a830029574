// The application screen (system/system): the applications (keyword), add, edit and delete on the list frame
// (its columns in data.tsx); the state is edited in the dialog. The main system cannot be deleted.
import { CrudFrame } from '../../../components/crud/CrudList';
import { useQueryList, type QueryList } from '../../../components/crud/useQueryList';
import { systemApi, systemKeys, type SystemRow } from './api';
import { useSystemColumns } from './data';
import { SystemForm } from './SystemForm';
import { texts } from './texts';

export default function SystemPage() {
  const t = texts.useText();
  const columns = useSystemColumns();
  const table = useQueryList<SystemRow>({ queryKey: systemKeys.list, load: systemApi.list });
  return (
    <CrudFrame<SystemRow, QueryList<SystemRow>>
      title={t('title')}
      table={table}
      showIndex
      columns={columns}
      remove={(system) => systemApi.remove(system.id)}
      removable={(system) => !system.mainSystem}
      renderForm={(slot) => (
        // the dialog edits the row as listed (the list carries every field and the version)
        <SystemForm
          open={slot.open}
          row={slot.id ? table.rows.find((system) => system.id === slot.id) : undefined}
          onClose={slot.onClose}
          onSaved={slot.onSaved}
        />
      )}
    />
  );
}
