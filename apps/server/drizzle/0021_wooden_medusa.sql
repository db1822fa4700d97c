ALTER TABLE "listings" ADD COLUMN "storage_id" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "storage_name" text;