CREATE TABLE "base_data_interface" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"type" integer NOT NULL,
	"has_page" integer DEFAULT 0 NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"is_post_position" integer DEFAULT 0 NOT NULL,
	"parameter_json" text,
	"field_json" text,
	"data_config_json" text,
	"data_count_json" text,
	"data_echo_json" text,
	"data_js_json" text,
	"data_exception_json" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_data_interface_code_uq" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "base_data_interface_log" (
	"id" text PRIMARY KEY NOT NULL,
	"interface_id" text NOT NULL,
	"invok_time" bigint NOT NULL,
	"user_id" text,
	"user_name" text,
	"invok_ip" text,
	"invok_device" text,
	"invok_type" text NOT NULL,
	"invok_waste_time" bigint NOT NULL,
	"oauth_app_id" text,
	"success" integer DEFAULT 1 NOT NULL,
	"error_text" text
);
--> statement-breakpoint
CREATE TABLE "base_data_interface_variate" (
	"id" text PRIMARY KEY NOT NULL,
	"interface_id" text NOT NULL,
	"full_name" text NOT NULL,
	"expression" text,
	"value" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_data_source" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"db_type" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"service_name" text NOT NULL,
	"user_name" text NOT NULL,
	"password_cipher" text DEFAULT '' NOT NULL,
	"db_schema" text,
	"connection_limit" integer DEFAULT 5 NOT NULL,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_data_source_name_uq" UNIQUE("full_name")
);
--> statement-breakpoint
CREATE TABLE "base_interface_oauth" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"app_name" text NOT NULL,
	"app_secret_cipher" text NOT NULL,
	"verify_signature" integer DEFAULT 1 NOT NULL,
	"useful_life" bigint,
	"white_list" text,
	"data_interface_ids" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_interface_oauth_app_uq" UNIQUE("app_id")
);
--> statement-breakpoint
CREATE INDEX "base_data_interface_category_idx" ON "base_data_interface" USING btree ("category");--> statement-breakpoint
CREATE INDEX "base_data_interface_log_if_idx" ON "base_data_interface_log" USING btree ("interface_id","invok_time");--> statement-breakpoint
CREATE INDEX "base_data_interface_log_app_idx" ON "base_data_interface_log" USING btree ("oauth_app_id","invok_time");--> statement-breakpoint
CREATE INDEX "base_data_interface_log_time_idx" ON "base_data_interface_log" USING btree ("invok_time");--> statement-breakpoint
CREATE INDEX "base_data_interface_variate_if_idx" ON "base_data_interface_variate" USING btree ("interface_id");