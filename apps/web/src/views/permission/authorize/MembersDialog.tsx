// The members of a permission group, of five kinds: organisations (as departments), roles, positions, groups and
// users, chosen in the users/organisation selector (tree tabs). They are read from PermissionMember/{id}, named by
// that answer (nothing else is read to name them), and saved there as "<id>--<kind>"; cancel saves nothing. A save
// shows the server's message and closes when it has shown; a failure keeps the dialog open with the selection.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError, pause, SAVE_TOAST_SECONDS, showFailure, showServerSuccess } from '../../../components/admin';
import { memberWire, UsersOrgDialog, type MemberEntry } from '../../../components/pickers/UsersOrgDialog';
import { permissionGroupApi, type MemberView, type PermissionGroupRow } from './api';
import { texts } from './texts';

/** a member as the server names it → an entry of the selector */
export const memberEntry = (m: MemberView): MemberEntry => {
  const at = m.id.lastIndexOf('--');
  const entry: MemberEntry = {
    id: m.objectId || (at > 0 ? m.id.slice(0, at) : m.id),
    type: m.type || (at > 0 ? m.id.slice(at + 2) : 'user'),
    fullName: m.fullName,
  };
  if (m.organize) entry.organize = m.organize;
  return entry;
};

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
  const members = useQuery({
    queryKey: ['permission', 'permissionGroup', 'members', group?.id],
    queryFn: () => permissionGroupApi.members(group!.id),
    enabled: open,
    gcTime: 0,
  });
  const held = useMemo(() => (members.data ?? []).map(memberEntry), [members.data]);
  const [saving, setSaving] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (open) setSaving(false);
  }, [open]);

  const save = async (entries: MemberEntry[]) => {
    if (!group || saving) return;
    setSaving(true);
    let result;
    try {
      result = await permissionGroupApi.saveMembers(group.id, entries.map(memberWire));
    } catch (error) {
      if (mounted.current) setSaving(false);
      showFailure(error);
      return;
    }
    showServerSuccess(result);
    await pause(SAVE_TOAST_SECONDS * 1000);
    onSaved();
    if (mounted.current) setSaving(false);
  };

  return (
    <UsersOrgDialog
      open={open}
      title={group ? `${t('memberTitle')} - ${group.fullName}` : t('memberTitle')}
      value={held}
      loading={members.isLoading}
      loadError={members.isError ? <LoadError onRetry={() => void members.refetch()} /> : undefined}
      saving={saving}
      onCancel={onClose}
      onConfirm={(entries) => void save(entries)}
    />
  );
}
