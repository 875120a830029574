// Changing one's own password (after the captcha, when it is on).
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { checkCaptcha } from '../oauth/index.js';
import { changeOwnPassword } from './passwordService.js';

const BASE = '/api/permission/Users/Current';
const md5Field = z.string().regex(/^[0-9a-fA-F]{32}$/, msg('passwordFormat'));

export const passwordRoutes = [
  route({
    method: 'POST',
    url: `${BASE}/Actions/ModifyPassword`,
    permission: 'signedIn',
    summary:
      'Change own password. oldPassword and password are md5 hex; encryptPassword (the new plain password AES-encrypted like the sign-in cipher) lets the server check the password policy, and is required while the policy is on.',
    rateLimit: { max: 10, timeWindowMs: 60_000, key: (req) => `${req.ip}|${req.principal?.userId ?? ''}` },
    body: z.object({
      oldPassword: md5Field,
      password: md5Field,
      encryptPassword: z.string().max(512).optional(),
      code: z.string().max(20).default(''),
      timestamp: z.string().max(64).default(''),
    }),
    async handler({ app, req, principal, body, lang }) {
      await checkCaptcha(app, body.code, body.timestamp);
      await changeOwnPassword(app, actorOf(req), principal, body, lang);
      return ok(undefined, 'passwordChanged');
    },
  }),
];
