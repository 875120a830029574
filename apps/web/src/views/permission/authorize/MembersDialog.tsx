// The members of a permission group, of five kinds: users, roles, positions, organisations and groups. They
// are read from and saved to PermissionMember/{id} as "<id>--<type>".
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/admin';
import {
  useAllPositionTree,
  useAllUsers,
  useDepartmentTree,
  useGroupTree,
  useRoleTree,
} from '../../../components/directory/trees';
import { permissionGroupApi, type PermissionGroupRow } from './api';
import { TreeField, UsersField } from './TargetFields';
import { texts } from './texts';

interface MemberValues {
  user: string[];
  role: string[];
  position: string[];
  organize: string[];
  group: string[];
}

const KINDS = ['user', 'role', 'position', 'organize', 'group'] as const;
const ORG_TYPES = new Set(['organize', 'department', 'company']);

/** ["a--user", "b--company"] → {user:[a], organize:[b], …} */
export function membersByKind(ids: readonly string[]): MemberValues {
  const out: MemberValues = { user: [], role: [], position: [], organize: [], group: [] };
  for (const wire of ids) {
    const at = wire.lastIndexOf('--');
    if (at < 0) continue;
    const id = wire.slice(0, at);
    const type = wire.slice(at + 2).toLowerCase();
    const kind = ORG_TYPES.has(type) ? 'organize' : (type as keyof MemberValues);
    if (out[kind]) out[kind].push(id);
  }
  return out;
}

export function membersToWire(values: Partial<MemberValues>): string[] {
  return KINDS.flatMap((kind) => (values[kind] ?? []).map((id) => `${id}--${kind}`));
}

export function MembersDialog({
  group,
  onClose,
  onSaved,
}: {
  group?: PermissionGroupRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const open = !!group;
  const [form] = Form.useForm<MemberValues>();
  const members = useQuery({
    queryKey: ['permission', 'permissionGroup', 'members', group?.id],
    queryFn: () => permissionGroupApi.members(group!.id),
    enabled: open,
    gcTime: 0,
  });
  const users = useAllUsers(open);
  const roles = useRoleTree(open);
  const positions = useAllPositionTree(open);
  const orgs = useDepartmentTree('0', open);
  const groups = useGroupTree(open);
  useEffect(() => {
    if (open && members.data) form.setFieldsValue(membersByKind(members.data.map((m) => m.id)));
  }, [open, members.data, form]);

  return (
    <FormDialog<MemberValues>
      open={open}
      title={group ? `${t('memberTitle')} - ${group.fullName}` : t('memberTitle')}
      form={form}
      width={700}
      loading={members.isLoading}
      loadError={members.isError}
      onRetry={() => void members.refetch()}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) => permissionGroupApi.saveMembers(group!.id, membersToWire(values))}
    >
      <UsersField name="user" label={t('users')} users={users} />
      <TreeField name="role" label={t('roles')} tree={roles} selectable={(type) => type === 'role'} />
      <TreeField name="position" label={t('positions')} tree={positions} selectable={(type) => type === 'position'} />
      <TreeField name="organize" label={t('organizes')} tree={orgs} selectable={() => true} />
      <TreeField name="group" label={t('groups')} tree={groups} selectable={(type) => type === 'group'} />
    </FormDialog>
  );
}
