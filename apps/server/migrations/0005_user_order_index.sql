DROP INDEX "base_user_order_idx";--> statement-breakpoint
CREATE INDEX "base_user_order_idx" ON "base_user" USING btree ("sort_code","creator_time" DESC NULLS LAST,"id");