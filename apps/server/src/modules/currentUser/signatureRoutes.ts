// The signed-in user's handwritten signatures.
import { z } from 'zod';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route, signedInRead } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { idText } from './fields.js';
import { addSignature, deleteSignature, makeDefaultSignature, ownSignatures } from './signatureService.js';

const BASE = '/api/permission/Users/Current';
const idParams = z.object({ id: idText });

export const signatureRoutes = [
  signedInRead(`${BASE}/SignImg`, 'Own handwritten signatures', ({ app, principal }) =>
    ownSignatures(app, principal.userId),
  ),
  route({
    method: 'POST',
    url: `${BASE}/SignImg`,
    permission: 'signedIn',
    summary: 'Add a signature (PNG or JPEG data URL, at most 512 KB)',
    body: z.object({
      signImg: z
        .string()
        .max(700_000)
        .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, msg('invalidImage')),
      isDefault: z.coerce.number().int().min(0).max(1).default(0),
    }),
    async handler({ app, req, principal, body }) {
      const id = await addSignature(app, actorOf(req), principal.userId, body.signImg, body.isDefault === 1);
      return ok(id, 'created');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id/SignImg`,
    permission: 'signedIn',
    summary: 'Delete one of own signatures',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await deleteSignature(app, actorOf(req), principal.userId, params.id);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/SignImg`,
    permission: 'signedIn',
    summary: 'Make one of own signatures the default',
    params: idParams,
    async handler({ app, req, principal, params }) {
      await makeDefaultSignature(app, actorOf(req), principal.userId, params.id);
      return ok(undefined, 'setDone');
    },
  }),
];
