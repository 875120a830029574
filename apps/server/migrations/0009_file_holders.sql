ALTER TABLE "base_file_upload" ADD COLUMN "checked_time" bigint;--> statement-breakpoint
CREATE INDEX "base_file_upload_uploader_idx" ON "base_file_upload" USING btree ("uploader_user_id");--> statement-breakpoint
CREATE INDEX "base_file_upload_time_idx" ON "base_file_upload" USING btree ("creator_time");