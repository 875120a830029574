CREATE TABLE "base_organize_relation" (
	"organize_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"creator_time" bigint NOT NULL,
	CONSTRAINT "base_organize_relation_pk" PRIMARY KEY("object_type","object_id","organize_id")
);
--> statement-breakpoint
CREATE TABLE "base_transfer_file" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"creator_time" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "base_organize_relation_org_idx" ON "base_organize_relation" USING btree ("organize_id","object_type");--> statement-breakpoint
CREATE INDEX "base_transfer_file_expires_idx" ON "base_transfer_file" USING btree ("expires_at");