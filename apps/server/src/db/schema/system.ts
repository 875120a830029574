// Systems (applications): each has its own menus.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

export const system = pgTable('base_system', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_system_code_uq'),
  icon: text('icon'),
  propertyJson: text('property_json'),
  navigationIcon: text('navigation_icon'),
  workLogoIcon: text('work_logo_icon'),
  workflowEnabled: integer('workflow_enabled').notNull().default(0),
  isMain: integer('is_main').notNull().default(0),
  ...orderedState(),
  ...auditColumns(),
});
