// The area screen: a tree table loaded level by level (children when a node opens), a search over every
// area, add (top level or below a row), edit, delete (refused while an area has sub-areas: the server
// says so) and the state toggle. Its columns are in data.tsx, its tree in useAreaTree.
import { CrudFrame } from '../../../components/crud/CrudList';
import { areaApi } from './api';
import { AreaForm } from './AreaForm';
import { useAreaColumns, useAreaTail } from './data';
import { texts } from './texts';
import { useAreaTree, type TreeRow } from './useAreaTree';

export default function AreaPage() {
  const t = texts.useText();
  const tree = useAreaTree();
  const columns = useAreaColumns();
  const tail = useAreaTail();
  return (
    <CrudFrame<TreeRow, typeof tree>
      title={t('title')}
      table={tree}
      columns={columns}
      tail={tail}
      toggle={(row) => areaApi.toggle(row.id)}
      remove={(row) => areaApi.remove(row.id)}
      addChild
      addChildLabel={t('addChild')}
      searchPlaceholder={t('searchPlaceholder')}
      actionsWidth={250}
      renderForm={(slot) => (
        <AreaForm
          open={slot.open}
          id={slot.id}
          parent={slot.parentId ? { id: slot.parentId, fullName: tree.nameOf(slot.parentId) } : undefined}
          onClose={slot.onClose}
          onSaved={(parentId) => {
            tree.openParent(parentId);
            slot.onSaved();
          }}
        />
      )}
      scrollX={760}
    />
  );
}
