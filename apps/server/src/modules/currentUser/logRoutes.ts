// The signed-in user's own sign-in log.
import { z } from 'zod';
import { pageQuery } from '../../platform/paging.js';
import { page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { ownLoginLog } from './service.js';

const BASE = '/api/permission/Users/Current';

export const logRoutes = [
  route({
    method: 'GET',
    url: `${BASE}/SystemLog`,
    permission: 'signedIn',
    summary: 'Own sign-in log, newest first, paged',
    query: pageQuery.extend({
      keyword: z.string().trim().max(200).default(''),
      startTime: z.coerce.number().int().optional(),
      endTime: z.coerce.number().int().optional(),
    }),
    async handler({ app, principal, query }) {
      const { list, total } = await ownLoginLog(app, principal.userId, query);
      return page(list, { currentPage: query.currentPage, pageSize: query.pageSize, total });
    },
  }),
];
