CREATE TABLE "base_columns_purview" (
	"user_id" text NOT NULL,
	"module_id" text NOT NULL,
	"field_list" text NOT NULL,
	"creator_time" bigint NOT NULL,
	"last_modify_time" bigint,
	CONSTRAINT "base_columns_purview_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "base_module_data_authorize" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text NOT NULL,
	"condition_symbol" text DEFAULT '' NOT NULL,
	"condition_text" text DEFAULT '' NOT NULL,
	"format" text,
	"bind_table" text,
	"field_rule" integer DEFAULT 0 NOT NULL,
	"child_table_key" text,
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
CREATE TABLE "base_bill_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"date_format" text,
	"digit" integer,
	"start_number" text,
	"example" text,
	"random_type" integer,
	"random_digit" integer,
	"output_number" text,
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
CREATE TABLE "base_bill_rule_counter" (
	"rule_id" text NOT NULL,
	"period" text NOT NULL,
	"value" bigint NOT NULL,
	"last_issued_at" bigint NOT NULL,
	CONSTRAINT "base_bill_rule_counter_pk" PRIMARY KEY("rule_id","period")
);
--> statement-breakpoint
CREATE INDEX "base_module_data_authorize_module_idx" ON "base_module_data_authorize" USING btree ("module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_bill_rule_code_uq" ON "base_bill_rule" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_bill_rule_name_uq" ON "base_bill_rule" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "base_bill_rule_category_idx" ON "base_bill_rule" USING btree ("category");--> statement-breakpoint
CREATE INDEX "base_organize_tree_idx" ON "base_organize" USING btree ("organize_id_tree" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "base_position_code_uq" ON "base_position" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_user_manager_idx" ON "base_user" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "base_user_order_idx" ON "base_user" USING btree ("sort_code","creator_time" DESC NULLS LAST);