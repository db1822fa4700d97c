CREATE TABLE "futures_deals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "futures_deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"listing_id" integer NOT NULL,
	"order_id" integer,
	"position_id" integer NOT NULL,
	"side" text NOT NULL,
	"action" text NOT NULL,
	"deal_type" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"lots" integer NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"realized_pnl" numeric(38, 18) NOT NULL,
	"shortfall" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "futures_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"tick_size" numeric(38, 18) NOT NULL,
	"unit" numeric(38, 18) NOT NULL,
	"margin_algorithm" text NOT NULL,
	"margin_coefficient" numeric(38, 18) NOT NULL,
	"maintenance_rate" numeric(38, 18) NOT NULL,
	"fee_algorithm" text NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"close_fee" numeric(38, 18) NOT NULL,
	"min_lots" integer NOT NULL,
	"max_lots" integer NOT NULL,
	"max_position" integer NOT NULL,
	"price_difference" numeric(38, 18) NOT NULL,
	"overnight_fee" numeric(38, 18) NOT NULL,
	"allow_market_open" boolean NOT NULL,
	"allow_market_close" boolean NOT NULL,
	"allow_stops" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "futures_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"listing_id" integer NOT NULL,
	"side" text NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"lots" integer NOT NULL,
	"filled_lots" integer DEFAULT 0 NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"fill_price" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen_margin" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"stop_profit" text DEFAULT '' NOT NULL,
	"stop_loss" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"open" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "futures_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"listing_id" integer NOT NULL,
	"side" text NOT NULL,
	"lots" integer NOT NULL,
	"average_price" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"stop_profit" text DEFAULT '' NOT NULL,
	"stop_loss" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "futures_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"positions" integer NOT NULL,
	"overnight_fee" numeric(38, 18) NOT NULL,
	"realized_pnl" numeric(38, 18) NOT NULL,
	"fees" numeric(38, 18) NOT NULL,
	"balance" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "futures_deals_user_idx" ON "futures_deals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "futures_deals_type_idx" ON "futures_deals" USING btree ("deal_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "futures_listings_code_uq" ON "futures_listings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "futures_orders_user_idx" ON "futures_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "futures_orders_open_idx" ON "futures_orders" USING btree ("listing_id","open");--> statement-breakpoint
CREATE UNIQUE INDEX "futures_positions_owner_uq" ON "futures_positions" USING btree ("user_id","listing_id","side");--> statement-breakpoint
CREATE INDEX "futures_positions_listing_idx" ON "futures_positions" USING btree ("listing_id","lots");--> statement-breakpoint
CREATE UNIQUE INDEX "futures_settlements_user_day_uq" ON "futures_settlements" USING btree ("user_id","day","currency");