// Where the signed-in user stands: their organisations, positions and roles, the switch of the main one (and of
// the application), what they are granted, and their direct reports.
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route, signedInRead } from '../../platform/route.js';
import { idText } from './fields.js';
import { directReports, ownGrants, profileOf, switchMajor } from './service.js';

const BASE = '/api/permission/Users/Current';

export const membershipRoutes = [
  signedInRead(
    `${BASE}/getUserOrganizes`,
    'Own organisations; isDefault marks the main one',
    async ({ app, principal }) => {
      const p = await profileOf(app, principal);
      return p.organizes.map((o) => ({ id: o.id, fullName: o.pathName, isDefault: o.id === p.mainOrganize?.id }));
    },
  ),
  signedInRead(
    `${BASE}/getUserPositions`,
    'Own positions; isDefault marks the main one',
    async ({ app, principal }) => {
      const p = await profileOf(app, principal);
      const main = p.user.positionId ?? p.positions[0]?.id;
      return p.positions.map((x) => ({ id: x.id, fullName: x.fullName, isDefault: x.id === main }));
    },
  ),
  signedInRead(`${BASE}/getUserRoles`, 'Own roles', async ({ app, principal }) =>
    (await profileOf(app, principal)).roles.map((r) => ({ id: r.id, fullName: r.fullName })),
  ),
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
  signedInRead(
    `${BASE}/Authorize`,
    'What the signed-in user is granted: menus (tree per system) and their buttons, columns, forms and data schemes',
    ({ app, principal, lang }) => ownGrants(app, principal, lang),
  ),
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
