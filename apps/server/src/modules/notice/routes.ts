// /api/message/Notice: system notices, on the screen
// system.notice; releasing needs its btn_release button.
import type { ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { createRoute, removeRoute, updateRoute } from '../../platform/recordRoutes.js';
import { ok } from '../../platform/result.js';
import { route, type Permission } from '../../platform/route.js';
import { noticeFileRoutes } from './attachments.js';
import { NOTICE_SCREEN } from './menus.js';
import {
  createNotice,
  deleteNotice,
  listNotices,
  noticeBody,
  noticeInfo,
  noticeListBody,
  releaseNotice,
  updateNotice,
} from './service.js';

const BASE = '/api/message/Notice';
const can = (button?: ButtonCode): Permission =>
  button ? { module: NOTICE_SCREEN, button } : { module: NOTICE_SCREEN };
const idParam = z.object({ id: z.string().trim().min(1).max(50) });

export const noticeRoutes = [
  route({
    method: 'POST',
    url: `${BASE}/List`,
    permission: can(),
    summary:
      'Notices, paged (JSON body): keyword, type[] (category codes), enabledMark[] (0 draft, 1 released, 2 expired), creatorUser[], releaseUser[], releaseTime/creatorTime/expirationTime [from, to]',
    body: noticeListBody,
    async handler({ app, body, lang }) {
      return ok(await listNotices(app, body, lang));
    },
  }),
  createRoute({
    base: BASE,
    permission: can('btn_add'),
    summary: 'Create a draft notice; bodyText is sanitised HTML; toUserIds empty = everyone',
    body: noticeBody,
    create: createNotice,
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: can(),
    summary: 'One notice with its version',
    params: idParam,
    async handler({ app, params }) {
      return ok(await noticeInfo(app, params.id));
    },
  }),
  updateRoute({
    base: BASE,
    permission: can('btn_edit'),
    summary: 'Update a notice; a stale version is refused',
    params: idParam,
    body: noticeBody.extend({ version: z.coerce.number().int().min(0).nullish() }),
    update: updateNotice,
  }),
  removeRoute({
    base: BASE,
    permission: can('btn_remove'),
    summary: 'Delete a notice (messages already received stay)',
    params: idParam,
    remove: deleteNotice,
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/Actions/Release`,
    permission: can('btn_release'),
    summary: 'Release a notice: an in-site message for each recipient, pushed to their sockets (messagePush)',
    params: idParam,
    async handler({ app, req, params }) {
      await releaseNotice(app, actorOf(req), params.id);
      return ok(undefined, 'released');
    },
  }),
  ...noticeFileRoutes,
];
