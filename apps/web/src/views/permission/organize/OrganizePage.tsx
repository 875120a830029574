// The organisation screen: companies and departments as one tree table. The top level and each opened
// node's children load on demand; a keyword searches the whole tree. Add a company or a department (also
// under a row), edit, enable/disable and delete, each behind its button and a confirmation. Its columns are
// in data.tsx, its tree in useOrganizeTree.
import { CrudFrame } from '../../../components/crud/CrudList';
import { organizeApi, type OrganizeRow, type OrgKind } from './api';
import { useOrganizeColumns, useOrganizeKinds } from './data';
import { OrganizeForm } from './OrganizeForm';
import { texts } from './texts';
import { useOrganizeTree } from './useOrganizeTree';

export default function OrganizePage() {
  const t = texts.useText();
  const tree = useOrganizeTree();
  const columns = useOrganizeColumns();
  const { kinds, childKinds } = useOrganizeKinds();
  return (
    <CrudFrame<OrganizeRow, typeof tree>
      title={t('title')}
      table={tree}
      columns={columns}
      toggle={(row) => organizeApi.toggle(row.type, row.id)}
      remove={(row) => organizeApi.remove(row.type, row.id)}
      kinds={kinds}
      kindOf={(row) => row.type}
      addChild
      childKinds={childKinds}
      actionsWidth={240}
      renderForm={(slot) => {
        const kind = (slot.kind ?? 'company') as OrgKind;
        return (
          <OrganizeForm
            key={`${kind}-${slot.id ?? ''}-${slot.parentId ?? ''}`}
            open={slot.open}
            kind={kind}
            id={slot.id}
            parentId={slot.parentId}
            onClose={slot.onClose}
            onSaved={() => {
              slot.onClose();
              tree.savedUnder(slot.parentId);
            }}
          />
        );
      }}
      scrollX={1100}
    />
  );
}
