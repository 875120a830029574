// Who a notice goes to, as the server reads it (toUserIds): comma-joined entries "id--user" and
// "id--company" / "id--department" (everyone in it and below it); an empty selection means every user.
// Entries of other kinds (roles, positions, groups chosen by another client) are kept as they are.

export interface Recipients {
  everyone: boolean;
  users: string[];
  organizes: string[];
  /** entries this screen does not edit, sent back unchanged */
  others: string[];
}

const ORGANIZE_TYPES = new Set(['company', 'department', 'organize']);

export function parseRecipients(toUserIds: string | null | undefined): Recipients {
  const entries = (toUserIds ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const out: Recipients = { everyone: entries.length === 0, users: [], organizes: [], others: [] };
  for (const entry of entries) {
    const [id = '', type = 'user'] = entry.split('--');
    if (!id) continue;
    const kind = type.toLowerCase();
    if (kind === 'user') out.users.push(id);
    else if (ORGANIZE_TYPES.has(kind)) out.organizes.push(id);
    else out.others.push(entry);
  }
  return out;
}

/**
 * The toUserIds the server stores. `organizeType` names an organisation's kind (company or department) so
 * that the entry reads as the reference's chooser writes it.
 */
export function recipientsPayload(recipients: Recipients, organizeType: (id: string) => string | undefined): string {
  if (recipients.everyone) return '';
  return [
    ...recipients.users.map((id) => `${id}--user`),
    ...recipients.organizes.map((id) => `${id}--${organizeType(id) === 'company' ? 'company' : 'department'}`),
    ...recipients.others,
  ].join(',');
}

/** whether a specific choice names anyone */
export const namesSomeone = (r: Recipients) => r.users.length + r.organizes.length + r.others.length > 0;
