CREATE TABLE "base_organize" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"category" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"manager_id" text,
	"organize_id_tree" text NOT NULL,
	"property_json" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_position" (
	"id" text PRIMARY KEY NOT NULL,
	"organize_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_role" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text,
	"global_mark" integer DEFAULT 1 NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_role_code_uq" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "base_user" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"real_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_salt" text NOT NULL,
	"head_icon" text DEFAULT '001.png' NOT NULL,
	"gender" integer,
	"mobile_phone" text,
	"tele_phone" text,
	"landline" text,
	"email" text,
	"birthday" bigint,
	"entry_date" bigint,
	"nation" text,
	"native_place" text,
	"certificates_type" text,
	"certificates_number" text,
	"education" text,
	"urgent_contacts" text,
	"urgent_tele_phone" text,
	"postal_address" text,
	"ranks" text,
	"signature" text,
	"organize_id" text,
	"position_id" text,
	"manager_id" text,
	"is_administrator" integer DEFAULT 0 NOT NULL,
	"system_id" text,
	"app_system_id" text,
	"portal_id" text,
	"app_portal_id" text,
	"theme" text,
	"language" text,
	"change_password_date" bigint,
	"prev_log_time" bigint,
	"prev_log_ip" text,
	"last_log_time" bigint,
	"last_log_ip" text,
	"log_success_count" integer DEFAULT 0 NOT NULL,
	"log_error_count" integer DEFAULT 0 NOT NULL,
	"unlock_time" bigint,
	"handover_mark" integer DEFAULT 0 NOT NULL,
	"auth_stamp" integer DEFAULT 0 NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_group" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_group_code_uq" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "base_user_password_history" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_salt" text NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_user_relation" (
	"user_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL,
	CONSTRAINT "base_user_relation_pk" PRIMARY KEY("user_id","object_type","object_id")
);
--> statement-breakpoint
CREATE TABLE "base_user_sign_img" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sign_img" text NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_dictionary_data" (
	"id" text PRIMARY KEY NOT NULL,
	"dictionary_type_id" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"simple_spelling" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_dictionary_type" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"is_tree" integer DEFAULT 0 NOT NULL,
	"category" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_module" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"system_id" text NOT NULL,
	"category" text DEFAULT 'Web' NOT NULL,
	"type" integer NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"icon" text,
	"url_address" text,
	"link_target" text,
	"property_json" text,
	"is_button_authorize" integer DEFAULT 0 NOT NULL,
	"is_column_authorize" integer DEFAULT 0 NOT NULL,
	"is_form_authorize" integer DEFAULT 0 NOT NULL,
	"is_data_authorize" integer DEFAULT 0 NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_module_button" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"icon" text,
	"url_address" text
);
--> statement-breakpoint
CREATE TABLE "base_module_column" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"bind_table" text,
	"bind_table_name" text,
	"field_rule" integer DEFAULT 0 NOT NULL,
	"child_table_key" text
);
--> statement-breakpoint
CREATE TABLE "base_module_data_scheme" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"condition_json" text,
	"condition_text" text,
	"all_data" integer DEFAULT 0 NOT NULL,
	"match_logic" text DEFAULT 'and' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_module_form" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"bind_table" text,
	"field_rule" integer DEFAULT 0 NOT NULL,
	"child_table_key" text
);
--> statement-breakpoint
CREATE TABLE "base_sys_config" (
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "base_sys_config_pk" PRIMARY KEY("category","key")
);
--> statement-breakpoint
CREATE TABLE "base_system" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"icon" text,
	"property_json" text,
	"navigation_icon" text,
	"work_logo_icon" text,
	"workflow_enabled" integer DEFAULT 0 NOT NULL,
	"is_main" integer DEFAULT 0 NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_system_code_uq" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "base_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"user_name" text,
	"ip" text,
	"request_id" text,
	"module_name" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"before" jsonb,
	"after" jsonb,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_authorize" (
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"creator_time" bigint NOT NULL,
	CONSTRAINT "base_authorize_pk" PRIMARY KEY("object_type","object_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "base_data_migration" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" bigint NOT NULL,
	"checksum" integer
);
--> statement-breakpoint
CREATE TABLE "base_login_log" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"account" text NOT NULL,
	"user_name" text,
	"ip" text NOT NULL,
	"ip_address_name" text,
	"user_agent" text,
	"browser" text,
	"platform" text,
	"success" integer NOT NULL,
	"abstracts" text,
	"request_id" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_permission_group" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_permission_group_code_uq" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "base_permission_group_member" (
	"group_id" text NOT NULL,
	"member_type" text NOT NULL,
	"member_id" text NOT NULL,
	CONSTRAINT "base_permission_group_member_pk" PRIMARY KEY("group_id","member_type","member_id")
);
--> statement-breakpoint
CREATE TABLE "base_session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"origin" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"ended_at" bigint,
	"end_reason" text
);
--> statement-breakpoint
CREATE INDEX "base_organize_parent_idx" ON "base_organize" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_organize_code_uq" ON "base_organize" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_position_org_idx" ON "base_position" USING btree ("organize_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_user_account_uq" ON "base_user" USING btree ("account");--> statement-breakpoint
CREATE INDEX "base_user_org_idx" ON "base_user" USING btree ("organize_id");--> statement-breakpoint
CREATE INDEX "base_user_password_history_user_idx" ON "base_user_password_history" USING btree ("user_id","creator_time");--> statement-breakpoint
CREATE INDEX "base_user_relation_object_idx" ON "base_user_relation" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "base_user_sign_img_user_idx" ON "base_user_sign_img" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "base_dictionary_data_type_idx" ON "base_dictionary_data" USING btree ("dictionary_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_dictionary_type_code_uq" ON "base_dictionary_type" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_module_parent_idx" ON "base_module" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_code_uq" ON "base_module" USING btree ("system_id","category","en_code");--> statement-breakpoint
CREATE INDEX "base_module_button_module_idx" ON "base_module_button" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "base_module_column_module_idx" ON "base_module_column" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "base_module_data_scheme_module_idx" ON "base_module_data_scheme" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "base_module_form_module_idx" ON "base_module_form" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "base_audit_log_record_idx" ON "base_audit_log" USING btree ("module_name","record_id");--> statement-breakpoint
CREATE INDEX "base_audit_log_time_idx" ON "base_audit_log" USING btree ("creator_time");--> statement-breakpoint
CREATE INDEX "base_authorize_item_idx" ON "base_authorize" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "base_login_log_user_idx" ON "base_login_log" USING btree ("user_id","creator_time");--> statement-breakpoint
CREATE INDEX "base_permission_group_member_idx" ON "base_permission_group_member" USING btree ("member_type","member_id");--> statement-breakpoint
CREATE INDEX "base_session_user_idx" ON "base_session" USING btree ("user_id");