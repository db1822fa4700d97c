ALTER TABLE "product_orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;