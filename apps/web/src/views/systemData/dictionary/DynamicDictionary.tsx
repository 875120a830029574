// The runtime view of a dictionary menu (type 4): the items of the category named by the menu's
// moduleId, nested when the menu says isTree. Buttons are those granted on this menu; the server checks them
// against the same menu.
import { AdminPage } from '../../../components/admin';
import type { RuntimeViewProps } from '../../../app/routes/types';
import { useCurrentModule } from '../../../platform/auth/moduleContext';
import { DictionaryItems } from './DictionaryItems';

export default function DynamicDictionary({ moduleId, isTree }: RuntimeViewProps) {
  const { title } = useCurrentModule();
  return (
    <AdminPage>
      <DictionaryItems typeId={moduleId} isTree={isTree} title={title} />
    </AdminPage>
  );
}
