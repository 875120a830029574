// The function-design screen's export and import of a design as a file (the reference's paths under
// /api/visualdev/OnlineDev): export needs the design menu, import its btn_add.
import { BUTTON } from '@jnpf/core';
import { z } from 'zod';
import { idOrCodeText } from '../../../platform/fields.js';
import { refuse } from '../../../platform/errors.js';
import { ok } from '../../../platform/result.js';
import { route } from '../../../platform/route.js';
import { offerDownload, safeFileName } from '../../../platform/transfers.js';
import { importRoute } from '../../dictionary/index.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';
import { formatMs } from '../runtime/display.js';
import { withButton } from './designRoutes.js';
import { designById } from './designs.js';
import { DESIGN_FILE_EXTENSION, designFile, importDesign, MAX_DESIGN_FILE_BYTES, parseDesignFile } from './transfer.js';

const RUN = '/api/visualdev/OnlineDev';

export const transferRoutes = [
  route({
    method: 'POST',
    url: `${RUN}/:modelId/Actions/Export`,
    permission: { module: DESIGN_MENU },
    summary:
      'The design as a .json file (modelType "design": formData, columnData, tables, its category and the dictionaries it names); {name, url}',
    params: z.object({ modelId: idOrCodeText }),
    async handler({ app, params, principal }) {
      const row = await designById(app.db, params.modelId);
      if (!row) throw refuse('notFound');
      const stamp = formatMs(Date.now(), 'YYYYMMDDHHmmss');
      const name = `${safeFileName(row.fullName)}_${stamp}${DESIGN_FILE_EXTENSION}`;
      return ok(await offerDownload(app, principal.userId, name, JSON.stringify(await designFile(app.db, row))));
    },
  }),
  importRoute({
    url: `${RUN}/Model/Actions/ImportData`,
    permission: withButton(BUTTON.add),
    summary:
      'Import a design file (multipart "file", a .json export; "type" 0 refuses an id, code or name in use, 1 imports a copy) as a new draft; data = its id',
    maxBytes: MAX_DESIGN_FILE_BYTES,
    size: '4MB',
    parse: (fileName, bytes) => parseDesignFile(fileName, bytes),
    write: (tx, actor, doc, mode, lang) => importDesign(tx, actor, doc, mode, lang),
    message: () => m.imported,
  }),
];
