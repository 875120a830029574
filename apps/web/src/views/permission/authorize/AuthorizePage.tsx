// The permission-group screen (permission/authorize): a paged list of permission groups with add, edit,
// enable/disable and delete; per group its members (users, roles, positions, organisations, groups) and its
// grants (applications, menus, buttons, columns, forms and data schemes).
import { Button } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../platform/auth/Auth';
import { CrudList } from '../shared/CrudList';
import { permissionGroupApi, permissionGroupKeys, type PermissionGroupRow } from './api';
import { GrantDrawer } from './GrantDrawer';
import { MembersDialog } from './MembersDialog';
import { PermissionGroupForm } from './PermissionGroupForm';
import { texts } from './texts';

export default function AuthorizePage() {
  const t = texts.useText();
  const [membersOf, setMembersOf] = useState<PermissionGroupRow>();
  const [grantsOf, setGrantsOf] = useState<PermissionGroupRow>();
  return (
    <CrudList<PermissionGroupRow>
      title={t('title')}
      queryKey={permissionGroupKeys.list}
      url={permissionGroupApi.listUrl}
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 160, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 140, ellipsis: true },
        { title: t('members'), dataIndex: 'permissionMember', width: 260, ellipsis: true },
      ]}
      scrollX={1150}
      toggle={(row) => permissionGroupApi.toggle(row.id)}
      remove={(row) => permissionGroupApi.remove(row.id)}
      rowActions={(row) => (
        <>
          <Auth code="btn_member">
            <Button type="link" size="small" onClick={() => setMembersOf(row)}>
              {t('members')}
            </Button>
          </Auth>
          <Auth code="btn_auth">
            <Button type="link" size="small" onClick={() => setGrantsOf(row)}>
              {t('authorize')}
            </Button>
          </Auth>
        </>
      )}
      renderForm={(slot) => <PermissionGroupForm {...slot} />}
    >
      {(table) => (
        <>
          <MembersDialog
            group={membersOf}
            onClose={() => setMembersOf(undefined)}
            onSaved={() => {
              setMembersOf(undefined);
              void table.refresh();
            }}
          />
          <GrantDrawer group={grantsOf} onClose={() => setGrantsOf(undefined)} />
        </>
      )}
    </CrudList>
  );
}
