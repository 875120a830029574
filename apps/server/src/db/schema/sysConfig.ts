// Third-party synchronisation records: which local organisation or user became which WeCom or DingTalk object,
// and how its last synchronisation went.
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ms } from './columns.js';

export const synThirdInfo = pgTable(
  'base_syn_third_info',
  {
    id: id(),
    /** 1 WeCom (企业微信), 2 DingTalk (钉钉) */
    thirdType: integer('third_type').notNull(),
    /** 1 organisation (company or department), 2 user */
    dataType: integer('data_type').notNull(),
    sysObjId: text('sys_obj_id').notNull(),
    /** the object's id at the third party; null until created there */
    thirdObjId: text('third_obj_id'),
    /** 0 not synchronised yet, 1 succeeded, 2 failed */
    synState: integer('syn_state').notNull().default(0),
    /** why the last synchronisation failed */
    description: text('description'),
    creatorTime: ms('creator_time').notNull(),
    lastModifyTime: ms('last_modify_time'),
  },
  (t) => [uniqueIndex('base_syn_third_info_obj_uq').on(t.thirdType, t.dataType, t.sysObjId)],
);
