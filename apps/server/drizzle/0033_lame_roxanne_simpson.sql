CREATE TABLE "otc_ads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"side" text NOT NULL,
	"coin" text NOT NULL,
	"currency" text NOT NULL,
	"price_type" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"float_percent" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"total_volume" numeric(38, 18) NOT NULL,
	"remaining" numeric(38, 18) NOT NULL,
	"payment_methods" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"senior_required" boolean NOT NULL,
	"status" text NOT NULL,
	"taken_down_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otc_ads_remaining" CHECK ("otc_ads"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "otc_images" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"firm_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_merchants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_merchants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"documents" jsonb NOT NULL,
	"asset" text NOT NULL,
	"deposit" numeric(38, 18) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otc_merchants_status" CHECK ("otc_merchants"."status" in ('submitted', 'approved', 'rejected', 'quit'))
);
--> statement-breakpoint
CREATE TABLE "otc_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"sender_kind" text NOT NULL,
	"sender_id" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint,
	"order_no" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"ad_id" bigint NOT NULL,
	"ad_side" text NOT NULL,
	"buyer_user_id" bigint NOT NULL,
	"seller_user_id" bigint NOT NULL,
	"merchant_user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"currency" text NOT NULL,
	"volume" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"payment_method" text NOT NULL,
	"payment" jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"appeal_status" text DEFAULT 'none' NOT NULL,
	"appeal_type" text DEFAULT '' NOT NULL,
	"appeal_reason" text DEFAULT '' NOT NULL,
	"appeal_by" text DEFAULT '' NOT NULL,
	"appeal_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"appeal_decision" text DEFAULT '' NOT NULL,
	"appeal_decision_reason" text DEFAULT '' NOT NULL,
	"appeal_decided_by" text DEFAULT '' NOT NULL,
	"proof_image_id" text DEFAULT '' NOT NULL,
	"cancelled_by" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"appeal_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otc_orders_status" CHECK ("otc_orders"."status" in ('unpaid', 'paid', 'completed', 'cancelled', 'appeal', 'expired', 'invalid'))
);
--> statement-breakpoint
CREATE TABLE "otc_payment_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otc_payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"account_name" text NOT NULL,
	"account" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_branch" text DEFAULT '' NOT NULL,
	"qr_image_id" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"nickname" text,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"others" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "otc_ads_market_idx" ON "otc_ads" USING btree ("status","side","coin","currency");--> statement-breakpoint
CREATE INDEX "otc_ads_user_idx" ON "otc_ads" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "otc_images_user_idx" ON "otc_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "otc_merchants_user_idx" ON "otc_merchants" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_merchants_open_uq" ON "otc_merchants" USING btree ("user_id") WHERE "otc_merchants"."status" in ('submitted', 'approved');--> statement-breakpoint
CREATE INDEX "otc_messages_order_idx" ON "otc_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "otc_notices_user_idx" ON "otc_notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "otc_order_history_order_idx" ON "otc_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_orders_no_uq" ON "otc_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "otc_orders_buyer_idx" ON "otc_orders" USING btree ("buyer_user_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_seller_idx" ON "otc_orders" USING btree ("seller_user_id","id");--> statement-breakpoint
CREATE INDEX "otc_orders_merchant_idx" ON "otc_orders" USING btree ("merchant_user_id","status");--> statement-breakpoint
CREATE INDEX "otc_orders_ad_idx" ON "otc_orders" USING btree ("ad_id","status");--> statement-breakpoint
CREATE INDEX "otc_orders_status_idx" ON "otc_orders" USING btree ("status","expire_at");--> statement-breakpoint
CREATE INDEX "otc_payment_methods_user_idx" ON "otc_payment_methods" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_profiles_nickname_uq" ON "otc_profiles" USING btree ("nickname");