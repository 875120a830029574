CREATE TABLE "base_visual_short_link" (
	"id" text PRIMARY KEY NOT NULL,
	"link_key" text NOT NULL,
	"form_use" integer DEFAULT 0 NOT NULL,
	"form_pass_use" integer DEFAULT 0 NOT NULL,
	"form_password_hash" text,
	"form_password_salt" text,
	"column_use" integer DEFAULT 0 NOT NULL,
	"column_pass_use" integer DEFAULT 0 NOT NULL,
	"column_password_hash" text,
	"column_password_salt" text,
	"column_condition" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"column_text" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text,
	"last_modify_time" bigint,
	"last_modify_user_id" text,
	"version" integer DEFAULT 0 NOT NULL
);
