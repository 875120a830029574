// The routes every table of the menu screen shares (menus, buttons, list columns, form fields, data-permission
// fields and schemes): one row by id, create, update and the state toggle. Writes are checked by the table's
// own rules, audited, and reload the catalogue every process serves permissions from.
import type { ButtonCode } from '@jnpf/core';
import { z, type ZodType } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  createRow,
  deleteAudited,
  requireRow,
  toggleEnabled,
  updateRow,
  type StatefulTable,
} from '../../platform/crud.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { removeGrantsOf } from '../permissionKernel/index.js';
import { idText } from '../../platform/fields.js';
import { MENU_SCREEN } from './menus.js';

const read = { module: MENU_SCREEN };
const write = (button: ButtonCode) => ({ module: MENU_SCREEN, button });
const idParams = z.object({ id: idText });

type Values<T extends StatefulTable> = Omit<T['$inferInsert'], 'id' | 'creatorTime' | 'creatorUserId'>;

export interface RowRoutes<T extends StatefulTable, B extends { version?: number | null }> {
  base: string;
  table: T;
  /** the audit log's module name for the table */
  auditName: string;
  summaries: { one: string; create: string; update: string };
  body: ZodType<B>;
  info(row: T['$inferSelect']): unknown;
  /** checks a new row, or a change of `before`, and answers the values to store */
  values(tx: Tx, body: B, before?: T['$inferSelect']): Promise<Values<T>>;
}

/** GET <base>/{id}, POST <base>, PUT <base>/{id} */
export function rowRoutes<T extends StatefulTable, B extends { version?: number | null }>(spec: RowRoutes<T, B>) {
  return [
    route({
      method: 'GET',
      url: `${spec.base}/:id`,
      permission: read,
      summary: spec.summaries.one,
      params: idParams,
      async handler({ app, params }) {
        return ok(spec.info(await requireRow(app.db, spec.table, params.id, 'notFound')));
      },
    }),
    route({
      method: 'POST',
      url: spec.base,
      permission: write('btn_add'),
      summary: spec.summaries.create,
      body: spec.body,
      async handler({ app, req, body }) {
        const audit = { actor: actorOf(req), moduleName: spec.auditName };
        const id = await createRow(app.db, spec.table, audit, (tx) => spec.values(tx, body));
        await app.catalogue.changed();
        return ok(id, 'created');
      },
    }),
    route({
      method: 'PUT',
      url: `${spec.base}/:id`,
      permission: write('btn_edit'),
      summary: spec.summaries.update,
      params: idParams,
      body: spec.body,
      async handler({ app, req, params, body }) {
        const audit = { actor: actorOf(req), moduleName: spec.auditName };
        await updateRow(app.db, spec.table, params.id, body.version, audit, async (tx) => {
          const before = await requireRow(tx, spec.table, params.id, 'updateNotFound');
          return (await spec.values(tx, body, before)) as Partial<T['$inferInsert']>;
        });
        await app.catalogue.changed();
        return ok(undefined, 'updated');
      },
    }),
  ];
}

/** PUT <base>/{id}/Actions/State: flips enabledMark (a disabled item no longer grants or filters anything) */
export function stateRoute(
  base: string,
  table: StatefulTable,
  auditName: string,
  summary = 'Enable or disable (flips enabledMark)',
) {
  return route({
    method: 'PUT',
    url: `${base}/:id/Actions/State`,
    permission: write('btn_edit'),
    summary,
    params: idParams,
    async handler({ app, req, params }) {
      await app.db.transaction((tx) =>
        toggleEnabled(tx, table, params.id, { actor: actorOf(req), moduleName: auditName, action: 'state' }),
      );
      await app.catalogue.changed();
      return ok(undefined, 'updated');
    },
  });
}

/** DELETE <base>/{id}: the row and every grant of it (grantType: its kind of permission item) */
export function deleteWithGrantsRoute(
  base: string,
  table: StatefulTable,
  auditName: string,
  grantType: string,
  summary: string,
) {
  return route({
    method: 'DELETE',
    url: `${base}/:id`,
    permission: write('btn_remove'),
    summary,
    params: idParams,
    async handler({ app, req, params }) {
      await app.db.transaction(async (tx) => {
        await deleteAudited(tx, table, params.id, { actor: actorOf(req), moduleName: auditName });
        await removeGrantsOf(tx, grantType, [params.id]);
      });
      await Promise.all([app.catalogue.changed(), app.grants.changed()]);
      return ok(undefined, 'deleted');
    },
  });
}

/** the body without its version (the version is checked, not stored) */
export const withoutVersion = <B extends { version?: unknown }>({ version: _version, ...values }: B) => values;
