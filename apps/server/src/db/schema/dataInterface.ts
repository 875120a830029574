// Data sources (数据连接), data interfaces (数据接口) with their variables and call logs, and the outside
// applications allowed to call interfaces (接口认证). Passwords and app secrets are stored encrypted.
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const dataSource = pgTable('base_data_source', {
  id: id(),
  fullName: text('full_name').notNull().unique('base_data_source_name_uq'),
  /** PostgreSQL | MySQL */
  dbType: text('db_type').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  serviceName: text('service_name').notNull(),
  userName: text('user_name').notNull(),
  /** AES-GCM under the configured cipher key; never answered */
  passwordCipher: text('password_cipher').notNull().default(''),
  dbSchema: text('db_schema'),
  connectionLimit: integer('connection_limit').notNull().default(5),
  ...orderedState(),
  ...auditColumns(),
});

export const dataInterface = pgTable(
  'base_data_interface',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull().unique('base_data_interface_code_uq'),
    /** a DataInterfaceType dictionary item id */
    category: text('category').notNull(),
    /** 1 SQL, 2 static JSON, 3 HTTP API */
    type: integer('type').notNull(),
    hasPage: integer('has_page').notNull().default(0),
    /** 3: the SQL writes (administrators only) */
    action: integer('action').notNull().default(0),
    isPostPosition: integer('is_post_position').notNull().default(0),
    parameterJson: text('parameter_json'),
    fieldJson: text('field_json'),
    dataConfigJson: text('data_config_json'),
    dataCountJson: text('data_count_json'),
    dataEchoJson: text('data_echo_json'),
    dataJsJson: text('data_js_json'),
    dataExceptionJson: text('data_exception_json'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [index('base_data_interface_category_idx').on(t.category)],
);

export const dataInterfaceVariate = pgTable(
  'base_data_interface_variate',
  {
    id: id(),
    interfaceId: text('interface_id').notNull(),
    fullName: text('full_name').notNull(),
    expression: text('expression'),
    value: text('value'),
    ...auditColumns(),
  },
  (t) => [index('base_data_interface_variate_if_idx').on(t.interfaceId)],
);

export const dataInterfaceLog = pgTable(
  'base_data_interface_log',
  {
    id: id(),
    interfaceId: text('interface_id').notNull(),
    invokTime: ms('invok_time').notNull(),
    userId: text('user_id'),
    /** "Name/account" of the caller, or the outside app's appId */
    userName: text('user_name'),
    invokIp: text('invok_ip'),
    invokDevice: text('invok_device'),
    invokType: text('invok_type').notNull(),
    invokWasteTime: bigint('invok_waste_time', { mode: 'number' }).notNull(),
    /** the outside application (接口认证) that called, if any */
    oauthAppId: text('oauth_app_id'),
    /** 1 answered, 0 failed */
    success: integer('success').notNull().default(1),
    errorText: text('error_text'),
  },
  (t) => [
    index('base_data_interface_log_if_idx').on(t.interfaceId, t.invokTime),
    index('base_data_interface_log_app_idx').on(t.oauthAppId, t.invokTime),
    index('base_data_interface_log_time_idx').on(t.invokTime),
  ],
);

export const interfaceOauth = pgTable('base_interface_oauth', {
  id: id(),
  appId: text('app_id').notNull().unique('base_interface_oauth_app_uq'),
  appName: text('app_name').notNull(),
  /** AES-GCM under the configured cipher key */
  appSecretCipher: text('app_secret_cipher').notNull(),
  verifySignature: integer('verify_signature').notNull().default(1),
  /** the app may call until then (ms); null = forever */
  usefulLife: ms('useful_life'),
  whiteList: text('white_list'),
  /** comma-joined interface ids the app may call */
  dataInterfaceIds: text('data_interface_ids'),
  ...orderedState(),
  ...auditColumns(),
});
