CREATE TABLE "base_print_log" (
	"id" text PRIMARY KEY NOT NULL,
	"print_id" text NOT NULL,
	"print_title" text,
	"print_num" integer DEFAULT 1 NOT NULL,
	"form_ids" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text
);
--> statement-breakpoint
CREATE TABLE "base_print_template" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"type" integer DEFAULT 2 NOT NULL,
	"source_type" integer DEFAULT 1 NOT NULL,
	"db_link_id" text DEFAULT '0' NOT NULL,
	"sql_template" text,
	"form_model_id" text,
	"left_fields" text,
	"print_template" text,
	"page_param" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_print_template_code_uq" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE INDEX "base_print_log_print_idx" ON "base_print_log" USING btree ("print_id","creator_time");--> statement-breakpoint
CREATE INDEX "base_print_template_category_idx" ON "base_print_template" USING btree ("category");