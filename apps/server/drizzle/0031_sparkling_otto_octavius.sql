CREATE TABLE "auction_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"firm_id" bigint NOT NULL,
	"bidder_no" integer NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"proxy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_enrolments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"bidder_no" integer NOT NULL,
	"status" text NOT NULL,
	"channel" text DEFAULT 'plain' NOT NULL,
	"deposit" numeric(38, 2) NOT NULL,
	"deposit_state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"journal_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 870001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"hold_id" bigint,
	"commodity_name" text NOT NULL,
	"grade_name" text NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"starting_unit_price" numeric(38, 2) NOT NULL,
	"add_price" numeric(38, 2) NOT NULL,
	"reserve_price" numeric(38, 2),
	"deposit" numeric(38, 2) NOT NULL,
	"seller_margin" numeric(38, 2) DEFAULT '0' NOT NULL,
	"show_time" timestamp with time zone NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"original_end_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"audit_status" text NOT NULL,
	"unsold" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"bank_id_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"storage_id" bigint,
	"storage_name" text DEFAULT '' NOT NULL,
	"current_price" numeric(38, 2) NOT NULL,
	"leader_firm_id" bigint,
	"leader_no" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"enrolled" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 900000001 CACHE 1),
	"item_id" bigint NOT NULL,
	"buyer_firm_id" bigint NOT NULL,
	"seller_firm_id" bigint NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"first_payment" numeric(38, 2) NOT NULL,
	"fee" numeric(38, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"pay_status" text NOT NULL,
	"buyer_default" text DEFAULT 'N' NOT NULL,
	"buyer_delayed_at" timestamp with time zone,
	"balance_due_at" timestamp with time zone NOT NULL,
	"bought_hold_id" bigint,
	"contract_id" text,
	"confirmed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auction_proxies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_proxies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"max_price" numeric(38, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_enrolments" ADD CONSTRAINT "auction_enrolments_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_history" ADD CONSTRAINT "auction_history_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_orders" ADD CONSTRAINT "auction_orders_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_proxies" ADD CONSTRAINT "auction_proxies_item_id_auction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."auction_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_seq_uq" ON "auction_bids" USING btree ("item_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_price_uq" ON "auction_bids" USING btree ("item_id","price");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_enrolments_item_firm_uq" ON "auction_enrolments" USING btree ("item_id","firm_id");--> statement-breakpoint
CREATE INDEX "auction_enrolments_firm_idx" ON "auction_enrolments" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "auction_history_item_idx" ON "auction_history" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "auction_items_status_idx" ON "auction_items" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "auction_items_firm_idx" ON "auction_items" USING btree ("firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_orders_item_uq" ON "auction_orders" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "auction_orders_buyer_idx" ON "auction_orders" USING btree ("buyer_firm_id","id");--> statement-breakpoint
CREATE INDEX "auction_orders_seller_idx" ON "auction_orders" USING btree ("seller_firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "auction_proxies_item_firm_uq" ON "auction_proxies" USING btree ("item_id","firm_id");