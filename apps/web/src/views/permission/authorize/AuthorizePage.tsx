// The permission-group screen (permission/authorize): a paged list of permission groups with add, edit,
// enable/disable and delete; per group its members (users, roles, positions, organisations, groups) and its
// grants (applications, menus, buttons, columns, forms and data schemes); and batch grants straight to roles,
// positions and users.
import { Button } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../platform/auth/Auth';
import { CrudList } from '../../../components/crud/CrudList';
import { permissionGroupApi, permissionGroupKeys, type PermissionGroupRow } from './api';
import { BatchGrantDialog } from './BatchGrantDialog';
import { GrantDrawer, type GrantTarget } from './GrantDrawer';
import { MembersDialog } from './MembersDialog';
import { PermissionGroupForm } from './PermissionGroupForm';
import { texts } from './texts';

export default function AuthorizePage() {
  const t = texts.useText();
  const [membersOf, setMembersOf] = useState<PermissionGroupRow>();
  const [grantTarget, setGrantTarget] = useState<GrantTarget>();
  const [choosingBatch, setChoosingBatch] = useState(false);
  const grantGroup = (row: PermissionGroupRow) =>
    setGrantTarget({
      objectId: row.id,
      title: `${t('authorize')} - ${row.fullName}`,
      saveCode: 'btn_auth',
      save: (items) => permissionGroupApi.saveGrants(row.id, items),
    });
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
            <Button type="link" size="small" onClick={() => grantGroup(row)}>
              {t('authorize')}
            </Button>
          </Auth>
        </>
      )}
      renderForm={(slot) => <PermissionGroupForm {...slot} />}
      toolbar={
        <Auth code="btn_batchAuth">
          <Button onClick={() => setChoosingBatch(true)}>{t('batchTitle')}</Button>
        </Auth>
      }
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
          <GrantDrawer target={grantTarget} onClose={() => setGrantTarget(undefined)} />
          <BatchGrantDialog
            open={choosingBatch}
            onCancel={() => setChoosingBatch(false)}
            onNext={(targets, label) => {
              setChoosingBatch(false);
              setGrantTarget({
                objectId: '0',
                title: `${t('batchTitle')} - ${label}`,
                saveCode: 'btn_batchAuth',
                save: (items) => permissionGroupApi.saveBatch(targets, items),
              });
            }}
          />
        </>
      )}
    </CrudList>
  );
}
