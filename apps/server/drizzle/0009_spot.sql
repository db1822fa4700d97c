CREATE TABLE "spot_markets" (
	"symbol" text PRIMARY KEY NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"tick_size" numeric(38, 18) NOT NULL,
	"lot_size" numeric(38, 18) NOT NULL,
	"min_notional" numeric(38, 18) NOT NULL,
	"maker_fee" numeric(38, 18) NOT NULL,
	"taker_fee" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"client_order_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"post_only" boolean DEFAULT false NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"quote_amount" numeric(38, 18) NOT NULL,
	"filled_quantity" numeric(38, 18) DEFAULT '0' NOT NULL,
	"filled_quote" numeric(38, 18) DEFAULT '0' NOT NULL,
	"reserved" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"open" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spot_orders_reserved" CHECK ("spot_orders"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spot_trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"quote_quantity" numeric(38, 18) NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"taker_side" text NOT NULL,
	"buyer_fee" numeric(38, 18) NOT NULL,
	"seller_fee" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spot_orders_client_uq" ON "spot_orders" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE INDEX "spot_orders_open_idx" ON "spot_orders" USING btree ("symbol","open","id");--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "spot_trades_symbol_idx" ON "spot_trades" USING btree ("symbol","id");