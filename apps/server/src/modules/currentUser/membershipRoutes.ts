// Where the signed-in user stands: their organisations, positions and roles, the switch of the main one (and of
// the application), what they are granted, and their direct reports.
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { idText } from './fields.js';
import { directReports, ownGrants, profileOf, switchMajor } from './service.js';

const BASE = '/api/permission/Users/Current';

export const membershipRoutes = [
  route({
    method: 'GET',
    url: `${BASE}/getUserOrganizes`,
    permission: 'signedIn',
    summary: 'Own organisations; isDefault marks the main one',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      return ok(p.organizes.map((o) => ({ id: o.id, fullName: o.pathName, isDefault: o.id === p.mainOrganize?.id })));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getUserPositions`,
    permission: 'signedIn',
    summary: 'Own positions; isDefault marks the main one',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      const main = p.user.positionId ?? p.positions[0]?.id;
      return ok(p.positions.map((x) => ({ id: x.id, fullName: x.fullName, isDefault: x.id === main })));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/getUserRoles`,
    permission: 'signedIn',
    summary: 'Own roles',
    async handler({ app, principal }) {
      const p = await profileOf(app, principal);
      return ok(p.roles.map((r) => ({ id: r.id, fullName: r.fullName })));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/major`,
    permission: 'signedIn',
    summary: 'Switch the main organisation, position or system (majorType Organize | Position | System)',
    body: z.object({
      majorId: idText.min(1),
      majorType: z.enum(['Organize', 'Position', 'System']),
      menuType: z.coerce.number().int().nullish(),
    }),
    async handler({ app, req, principal, body }) {
      return ok(undefined, await switchMajor(app, actorOf(req), principal, body));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Authorize`,
    permission: 'signedIn',
    summary:
      'What the signed-in user is granted: menus (tree per system) and their buttons, columns, forms and data schemes',
    async handler({ app, principal }) {
      return ok(await ownGrants(app, principal));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Subordinate/:id`,
    permission: 'signedIn',
    summary: 'Direct reports of a user ("0" = me); only within the caller’s own reporting line',
    params: z.object({ id: idText }),
    async handler({ app, principal, params }) {
      return ok(await directReports(app, principal, params.id));
    },
  }),
];
