// POST /api/visualdev/Base/{id}/Actions/Release: a design's release to the runtime and its menu, behind the
// design screen's btn_edit.
import { BUTTON } from '@jnpf/core';
import { refuse } from '../../../platform/errors.js';
import { actorOf } from '../../../platform/request.js';
import { ok } from '../../../platform/result.js';
import { route } from '../../../platform/route.js';
import { assertDesignHolds, DESIGN_BASE, idParams, withButton } from '../design/designRoutes.js';
import { designById } from '../design/designs.js';
import { releaseBody } from '../design/fields.js';
import { m } from '../messages.js';
import { releasedChanged } from '../runtime/model.js';
import { releaseDesign } from './release.js';

export const releaseRoutes = [
  route({
    method: 'POST',
    url: `${DESIGN_BASE}/:id/Actions/Release`,
    permission: withButton(BUTTON.edit),
    summary:
      'Release: the draft becomes what the runtime reads; with pc 1 the Web menu (type 3, model/<enCode>) is created or updated under pcModuleParentId of pcSystemId, with its buttons and columns, all granted to the releasing user unless an administrator',
    params: idParams,
    body: releaseBody,
    async handler({ app, req, params, body, lang, principal }) {
      const design = await designById(app.db, params.id);
      if (!design) throw refuse('notFound');
      await assertDesignHolds(app, design, lang);
      const outcome = await app.db.transaction((tx) =>
        releaseDesign(tx, actorOf(req), params.id, {
          pc: body.pc,
          systemId: body.pcSystemId ?? body.systemId ?? null,
          parentId: body.pcModuleParentId ?? null,
          grantTo: principal.isAdministrator ? null : principal.userId,
        }),
      );
      await releasedChanged(app, params.id);
      await app.catalogue.changed();
      if (outcome.grantsChanged) await app.grants.changed();
      else if (outcome.grantedUser) await app.grants.changed(outcome.grantedUser);
      return ok(undefined, m.synced);
    },
  }),
];
