CREATE TABLE "base_im_content" (
	"id" text PRIMARY KEY NOT NULL,
	"send_user_id" text NOT NULL,
	"receive_user_id" text NOT NULL,
	"content" text NOT NULL,
	"content_type" text NOT NULL,
	"send_time" bigint NOT NULL,
	"receive_time" bigint,
	"state" integer DEFAULT 0 NOT NULL,
	"deleted_by_sender" integer DEFAULT 0 NOT NULL,
	"deleted_by_receiver" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_im_conversation" (
	"owner_user_id" text NOT NULL,
	"peer_user_id" text NOT NULL,
	"latest_time" bigint NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "base_im_conversation_pk" PRIMARY KEY("owner_user_id","peer_user_id")
);
--> statement-breakpoint
CREATE TABLE "base_message_receive" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"excerpt" text,
	"body_text" text,
	"flow_type" integer,
	"source_id" text,
	"is_read" integer DEFAULT 0 NOT NULL,
	"read_time" bigint,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_message_template" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"template_type" text DEFAULT '0' NOT NULL,
	"message_source" text NOT NULL,
	"message_type" text NOT NULL,
	"title" text,
	"content" text,
	"template_code" text,
	"wx_skip" text,
	"xcx_app_id" text,
	"template_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sms_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
CREATE TABLE "base_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body_text" text,
	"excerpt" text,
	"category" text,
	"cover_image" text,
	"files" text,
	"to_user_ids" text,
	"expiration_time" bigint,
	"remind_category" integer,
	"send_config_id" text,
	"enabled_mark" integer DEFAULT 0 NOT NULL,
	"release_time" bigint,
	"release_user_id" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_schedule" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"category" text,
	"urgent" text DEFAULT '1' NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"all_day" integer DEFAULT 0 NOT NULL,
	"start_day" bigint NOT NULL,
	"start_time" text NOT NULL,
	"end_day" bigint NOT NULL,
	"end_time" text NOT NULL,
	"duration" integer DEFAULT -1 NOT NULL,
	"color" text,
	"reminder_time" integer DEFAULT -2 NOT NULL,
	"reminder_type" integer DEFAULT 1 NOT NULL,
	"send" text,
	"send_name" text,
	"repetition" text DEFAULT '1' NOT NULL,
	"repeat_time" bigint,
	"files" text,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_schedule_user" (
	"schedule_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "base_schedule_user_pk" PRIMARY KEY("schedule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "base_scheduled_job" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"job_key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" bigint NOT NULL,
	"claimed_by" text,
	"claimed_at" bigint,
	"done_at" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_send_config" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"template_type" text DEFAULT '0' NOT NULL,
	"message_source" text,
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
CREATE TABLE "base_send_config_template" (
	"id" text PRIMARY KEY NOT NULL,
	"send_config_id" text NOT NULL,
	"message_type" text NOT NULL,
	"template_id" text NOT NULL,
	"account_config_id" text,
	"sort_code" bigint DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "base_im_content_pair_idx" ON "base_im_content" USING btree ("send_user_id","receive_user_id","send_time");--> statement-breakpoint
CREATE INDEX "base_im_content_unread_idx" ON "base_im_content" USING btree ("receive_user_id","state");--> statement-breakpoint
CREATE INDEX "base_im_conversation_owner_idx" ON "base_im_conversation" USING btree ("owner_user_id","latest_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "base_message_receive_user_idx" ON "base_message_receive" USING btree ("user_id","creator_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "base_message_receive_unread_idx" ON "base_message_receive" USING btree ("user_id","is_read","type");--> statement-breakpoint
CREATE UNIQUE INDEX "base_message_template_code_uq" ON "base_message_template" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_notice_creator_time_idx" ON "base_notice" USING btree ("creator_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "base_schedule_group_idx" ON "base_schedule" USING btree ("group_id","start_day");--> statement-breakpoint
CREATE INDEX "base_schedule_creator_idx" ON "base_schedule" USING btree ("creator_user_id","start_day");--> statement-breakpoint
CREATE INDEX "base_schedule_start_idx" ON "base_schedule" USING btree ("start_day");--> statement-breakpoint
CREATE INDEX "base_schedule_user_user_idx" ON "base_schedule_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "base_scheduled_job_due_idx" ON "base_scheduled_job" USING btree ("due_at") WHERE "base_scheduled_job"."done_at" is null;--> statement-breakpoint
CREATE INDEX "base_scheduled_job_key_idx" ON "base_scheduled_job" USING btree ("job_key");--> statement-breakpoint
CREATE UNIQUE INDEX "base_send_config_code_uq" ON "base_send_config" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_send_config_template_config_idx" ON "base_send_config_template" USING btree ("send_config_id");--> statement-breakpoint
CREATE INDEX "base_send_config_template_template_idx" ON "base_send_config_template" USING btree ("template_id");