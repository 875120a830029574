// Batch grant, first step: whom to grant to — roles, positions and users, any mix, chosen in the users/organisation
// selector (role, position and user tabs only: the server's batch form takes nothing else; users are found through
// the lazy organisation → user tree or a paged keyword search, never by reading every user). Its button goes on to
// the grant drawer starting from nothing held; that save replaces the grants of every chosen object
// (Authority/Data/Batch with roleIds, positionIds and userIds). Nothing chosen: it says so (until something is
// picked) and stays open.
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import {
  UsersOrgDialog,
  memberKindOf,
  type MemberEntry,
  type MemberKind,
} from '../../../components/pickers/UsersOrgDialog';
import type { BatchTargets } from './api';
import { texts } from './texts';

/** the kinds the batch form takes, in the order of the tabs */
export const BATCH_KINDS: readonly MemberKind[] = ['role', 'position', 'user'];
const NOTHING: readonly MemberEntry[] = [];

/** the chosen entries → the body's three id lists */
export function batchTargetsOf(entries: readonly MemberEntry[]): BatchTargets {
  const targets: BatchTargets = { roleIds: [], positionIds: [], userIds: [] };
  for (const entry of entries) {
    const kind = memberKindOf(entry.type);
    if (kind === 'role') targets.roleIds.push(entry.id);
    else if (kind === 'position') targets.positionIds.push(entry.id);
    else if (kind === 'user') targets.userIds.push(entry.id);
  }
  return targets;
}

export function BatchGrantDialog({
  open,
  onCancel,
  onNext,
}: {
  open: boolean;
  onCancel: () => void;
  onNext: (targets: BatchTargets, label: string) => void;
}) {
  const t = texts.useText();
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    if (open) setEmpty(false);
  }, [open]);

  const next = (entries: MemberEntry[]) => {
    const targets = batchTargetsOf(entries);
    const count = targets.roleIds.length + targets.positionIds.length + targets.userIds.length;
    if (!count) {
      setEmpty(true);
      return;
    }
    onNext(targets, t('batchTitleCount', { n: count }));
  };

  return (
    <UsersOrgDialog
      open={open}
      title={t('batchTitle')}
      value={NOTHING}
      kinds={BATCH_KINDS}
      okText={t('next')}
      notice={
        <>
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('batchHint')} />
          {empty && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('batchEmpty')} />}
        </>
      }
      onSelectionChange={(entries) => {
        if (entries.length) setEmpty(false);
      }}
      onCancel={onCancel}
      onConfirm={next}
    />
  );
}
