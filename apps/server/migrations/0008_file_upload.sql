CREATE TABLE "base_file_upload" (
	"name" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"uploader_user_id" text NOT NULL,
	"size" bigint NOT NULL,
	"creator_time" bigint NOT NULL
);
