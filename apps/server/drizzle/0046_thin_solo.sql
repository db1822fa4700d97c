ALTER TABLE "auction_orders" ADD COLUMN "seller_default" text DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "auction_orders" ADD COLUMN "seller_delayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auction_orders" ADD COLUMN "confirm_due_at" timestamp with time zone;