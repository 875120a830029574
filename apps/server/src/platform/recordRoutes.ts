// The write routes most administration screens share for a record their module's service keeps:
// POST <base> creates it, PUT <base>/{id} updates it, DELETE <base>/{id} deletes it,
// PUT <base>/{id}/Actions/State flips its enabledMark. The service does the work (checks, transaction,
// audit); the routes only pass the input on.
import type { ButtonCode } from '@jnpf/core';
import type { ZodType } from 'zod';
import type { AuditActor } from './audit.js';
import type { AppContext } from './context.js';
import type { MessageKey } from './i18n.js';
import { actorOf } from './request.js';
import { ok } from './result.js';
import { route, type Permission } from './route.js';

/** one write route: where it is, who may call it, what the route table says it does */
interface WriteRoute {
  base: string;
  permission: Permission;
  summary: string;
}

/** POST <base>: answers the service's result (the new id) with `message`, 'created' unless given */
export function createRoute<B>(
  spec: WriteRoute & {
    body: ZodType<B>;
    create(app: AppContext, actor: AuditActor, body: B): Promise<unknown>;
    message?: MessageKey;
  },
) {
  return route({
    method: 'POST',
    url: spec.base,
    permission: spec.permission,
    summary: spec.summary,
    body: spec.body,
    async handler({ app, req, body }) {
      return ok(await spec.create(app, actorOf(req), body), spec.message ?? 'created');
    },
  });
}

/** <method> <base>/{id}<tail>: `write` does the work, the answer says `message` */
function recordRoute<B>(
  method: 'PUT' | 'DELETE',
  tail: string,
  spec: WriteRoute & { params: ZodType<{ id: string }>; body?: ZodType<B> },
  write: (app: AppContext, actor: AuditActor, id: string, body: B) => Promise<unknown>,
  message: MessageKey,
) {
  return route({
    method,
    url: `${spec.base}/:id${tail}`,
    permission: spec.permission,
    summary: spec.summary,
    params: spec.params,
    ...(spec.body ? { body: spec.body } : {}),
    async handler({ app, req, params, body }) {
      await write(app, actorOf(req), params.id, body as B);
      return ok(undefined, message);
    },
  });
}

/** PUT <base>/{id}: answers 'updated' */
export function updateRoute<B>(
  spec: WriteRoute & {
    params: ZodType<{ id: string }>;
    body: ZodType<B>;
    update(app: AppContext, actor: AuditActor, id: string, body: B): Promise<unknown>;
  },
) {
  return recordRoute('PUT', '', spec, spec.update, 'updated');
}

/** DELETE <base>/{id}: answers 'deleted' */
export function removeRoute(
  spec: WriteRoute & {
    params: ZodType<{ id: string }>;
    remove(app: AppContext, actor: AuditActor, id: string): Promise<unknown>;
  },
) {
  return recordRoute('DELETE', '', spec, spec.remove, 'deleted');
}

export interface RecordWrites<B> {
  base: string;
  /** the permission of a route that needs this button (btn_edit, btn_remove) */
  permission: (button: ButtonCode) => Permission;
  params: ZodType<{ id: string }>;
  /** the update's body */
  body: ZodType<B>;
  /** what each route does, as the route table shows it */
  summaries: { update: string; remove: string; state: string };
  update(app: AppContext, actor: AuditActor, id: string, body: B): Promise<unknown>;
  remove(app: AppContext, actor: AuditActor, id: string): Promise<unknown>;
  toggle(app: AppContext, actor: AuditActor, id: string): Promise<unknown>;
  /** the answer's message after a state change: 'updated' unless given */
  stateMessage?: MessageKey;
}

/** update, delete and enable/disable of one record, behind btn_edit and btn_remove */
export function recordWriteRoutes<B>(spec: RecordWrites<B>) {
  return [
    updateRoute({
      base: spec.base,
      permission: spec.permission('btn_edit'),
      summary: spec.summaries.update,
      params: spec.params,
      body: spec.body,
      update: spec.update,
    }),
    removeRoute({
      base: spec.base,
      permission: spec.permission('btn_remove'),
      summary: spec.summaries.remove,
      params: spec.params,
      remove: spec.remove,
    }),
    recordRoute(
      'PUT',
      '/Actions/State',
      { base: spec.base, permission: spec.permission('btn_edit'), summary: spec.summaries.state, params: spec.params },
      spec.toggle,
      spec.stateMessage ?? 'updated',
    ),
  ];
}
