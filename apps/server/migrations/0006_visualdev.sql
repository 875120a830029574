CREATE TABLE "base_visual_dev" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"web_type" integer DEFAULT 2 NOT NULL,
	"category" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"form_data" text NOT NULL,
	"column_data" text DEFAULT '' NOT NULL,
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
CREATE TABLE "base_visual_record" (
	"id" text PRIMARY KEY NOT NULL,
	"model_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_visual_release" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"web_type" integer NOT NULL,
	"form_data" text NOT NULL,
	"column_data" text NOT NULL,
	"release_time" bigint NOT NULL,
	"release_user_id" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_visual_dev_code_uq" ON "base_visual_dev" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_visual_dev_order_idx" ON "base_visual_dev" USING btree ("type","sort_code","creator_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "base_visual_record_model_idx" ON "base_visual_record" USING btree ("model_id","creator_time" DESC NULLS LAST,"id");