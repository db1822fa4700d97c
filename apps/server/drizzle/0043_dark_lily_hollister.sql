CREATE TABLE "pledge_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"finance_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"principal" numeric(38, 2) NOT NULL,
	"limit" numeric(38, 2) NOT NULL,
	"deadline" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"finance_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"open" numeric(38, 3) NOT NULL,
	"sold" numeric(38, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledge_finances" ADD COLUMN "listed_quantity" numeric(38, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge_finances" ADD COLUMN "sold_quantity" numeric(38, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge_finances" ADD COLUMN "sold_weight" numeric(38, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pledge_repayments" ADD COLUMN "pick_id" bigint;--> statement-breakpoint
ALTER TABLE "pledge_notices" ADD CONSTRAINT "pledge_notices_finance_id_pledge_finances_id_fk" FOREIGN KEY ("finance_id") REFERENCES "public"."pledge_finances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_sales" ADD CONSTRAINT "pledge_sales_finance_id_pledge_finances_id_fk" FOREIGN KEY ("finance_id") REFERENCES "public"."pledge_finances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledge_notices_firm_idx" ON "pledge_notices" USING btree ("firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_sales_listing_uq" ON "pledge_sales" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "pledge_sales_finance_idx" ON "pledge_sales" USING btree ("finance_id");