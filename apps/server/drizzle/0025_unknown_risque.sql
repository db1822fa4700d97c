ALTER TABLE "contracts" ADD COLUMN "seller_credential" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "buyer_credential" jsonb;--> statement-breakpoint
ALTER TABLE "real_name_verifications" ADD COLUMN "id_number_sealed" text;