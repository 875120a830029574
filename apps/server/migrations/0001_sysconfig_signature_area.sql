CREATE TABLE "base_area" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"level" integer NOT NULL,
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
CREATE TABLE "base_signature" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"icon" text NOT NULL,
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
CREATE TABLE "base_signature_user" (
	"signature_id" text NOT NULL,
	"user_id" text NOT NULL,
	"creator_time" bigint NOT NULL,
	CONSTRAINT "base_signature_user_pk" PRIMARY KEY("signature_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "base_syn_third_info" (
	"id" text PRIMARY KEY NOT NULL,
	"third_type" integer NOT NULL,
	"data_type" integer NOT NULL,
	"sys_obj_id" text NOT NULL,
	"third_obj_id" text,
	"syn_state" integer DEFAULT 0 NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL,
	"last_modify_time" bigint
);
--> statement-breakpoint
CREATE INDEX "base_area_parent_idx" ON "base_area" USING btree ("parent_id","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_area_code_uq" ON "base_area" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_signature_name_uq" ON "base_signature" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "base_signature_code_uq" ON "base_signature" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_signature_user_user_idx" ON "base_signature_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_syn_third_info_obj_uq" ON "base_syn_third_info" USING btree ("third_type","data_type","sys_obj_id");