// Organisations written outside the screens: the root company at first start, and departments in bulk for
// benchmarks (one statement of column arrays per batch).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organize } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';

/** creates the root company; answers its id */
export async function seedRootOrganize(tx: Tx, now: number): Promise<string> {
  const id = newId();
  await tx.insert(organize).values({
    id,
    parentId: '-1',
    category: 'company',
    fullName: '智慧园区集团',
    enCode: 'HQ',
    organizeIdTree: id,
    sortCode: 0,
    creatorTime: now,
  });
  return id;
}

export interface DepartmentRow {
  id: string;
  parentId: string;
  /** the id path from the root down to this department */
  tree: string;
  name: string;
  code: string;
}

/** inserts enabled departments in one statement */
export async function insertDepartments(tx: Tx, rows: readonly DepartmentRow[], now: number): Promise<void> {
  const column = (pick: (n: DepartmentRow) => string) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into base_organize (id, parent_id, category, full_name, en_code, organize_id_tree, sort_code, enabled_mark, creator_time)
    select id, parent_id, 'department', full_name, en_code, tree, 0, 1, ${now}
      from unnest(${column((n) => n.id)}::text[], ${column((n) => n.parentId)}::text[], ${column((n) => n.name)}::text[],
                  ${column((n) => n.code)}::text[], ${column((n) => n.tree)}::text[])
        as t(id, parent_id, full_name, en_code, tree)`);
}
