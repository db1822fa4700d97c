CREATE TABLE "listing_bargains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_bargains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 830001 CACHE 1),
	"listing_id" bigint NOT NULL,
	"offerer_firm_id" bigint NOT NULL,
	"owner_firm_id" bigint NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"hold_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"counter_price" numeric(38, 2),
	"counter_quantity" numeric(38, 3),
	"counter_note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"pick_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_commodity_margins" (
	"commodity_type_id" bigint NOT NULL,
	"buyer_margin_ratio" numeric(10, 4) NOT NULL,
	"seller_margin_ratio" numeric(10, 4) NOT NULL,
	"grace_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_margin_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_margin_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"pick_id" bigint,
	"event_type" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"journal_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"fee_rate" numeric(10, 4) NOT NULL,
	"default_buyer_margin_ratio" numeric(10, 4) NOT NULL,
	"default_seller_margin_ratio" numeric(10, 4) NOT NULL,
	"balance_days" integer NOT NULL,
	"grace_days" integer NOT NULL,
	"forfeit_platform_share" numeric(10, 4) NOT NULL,
	"market_close_time" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "hold_id" bigint;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "price_flag" text DEFAULT 'F' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "bargain_id" bigint;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "listed_weight" numeric(38, 3);--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "buyer_margin" numeric(38, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "seller_margin" numeric(38, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_status" text DEFAULT 'W' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_title" text;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "taxpayer_id" text;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_amount" numeric(38, 2);--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_file_id" text;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_file_name" text;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "buyer_default" text DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "seller_default" text DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "default_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "buyer_delayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "seller_delayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "delivery_status" text DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "balance_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "invoice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "delivery_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_picks" ADD COLUMN "contract_id" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bs_flag" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bank_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "origin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "packag_id" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "pounds_poor" numeric(10, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "put_warehous_day" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "specifications" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "is_margin_pay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "content_specification_id" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "margin" numeric(38, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "audit_status" text DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "top_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_bargains" ADD CONSTRAINT "listing_bargains_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_bargains_offerer_idx" ON "listing_bargains" USING btree ("offerer_firm_id","id");--> statement-breakpoint
CREATE INDEX "listing_bargains_owner_idx" ON "listing_bargains" USING btree ("owner_firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_commodity_margins_type_idx" ON "listing_commodity_margins" USING btree ("commodity_type_id");--> statement-breakpoint
CREATE INDEX "listing_margin_events_pick_idx" ON "listing_margin_events" USING btree ("pick_id","id");--> statement-breakpoint
CREATE INDEX "listing_margin_events_listing_idx" ON "listing_margin_events" USING btree ("listing_id","id");