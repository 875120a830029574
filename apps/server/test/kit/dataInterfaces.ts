// Data interfaces the popup, dynamic-option and print tests read from: created over HTTP as an administrator would.
import type { Client } from '../harness.js';
import { unique } from '../harness.js';
import type { AppContext } from '../../src/platform/context.js';
import { dictionaryItems } from '../../src/modules/dictionary/index.js';

export const DATA_INTERFACE = '/api/system/DataInterface';

/** a create body of an enabled, unpaged SQL query interface (type 1) in the first category; `patch` overrides */
export async function interfaceBody(app: AppContext, patch: Record<string, unknown> = {}) {
  return {
    fullName: unique('接口'),
    enCode: unique('di'),
    category: (await dictionaryItems(app.db, 'DataInterfaceType'))[0]!.id,
    type: 1,
    hasPage: 0,
    action: 0,
    enabledMark: 1,
    sortCode: 0,
    description: '',
    ...patch,
  };
}

/** an interface running this SQL on the platform's own database (dbLinkId "0"); its id */
export async function createSqlInterface(
  api: Client,
  app: AppContext,
  sql: string,
  patch: Record<string, unknown> = {},
) {
  return api.create(
    DATA_INTERFACE,
    await interfaceBody(app, { dataConfigJson: JSON.stringify({ sqlData: { dbLinkId: '0', sql } }), ...patch }),
  );
}
