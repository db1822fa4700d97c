ALTER TABLE "spot_orders" ADD COLUMN "stop_price" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "trigger" text;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "list_id" bigint;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "stp_mode" text DEFAULT 'EXPIRE_TAKER' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "fee" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "end_reason" text;