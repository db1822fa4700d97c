CREATE TABLE "exchange_assets" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"precision" integer NOT NULL,
	"min_deposit" numeric(38, 18) NOT NULL,
	"min_withdraw" numeric(38, 18) NOT NULL,
	"withdraw_fee" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"chain" text NOT NULL,
	"usdt_price" numeric(38, 18) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
