CREATE TABLE "quotation_deals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotation_deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 880001 CACHE 1),
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"commodity_type_id" bigint NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"volume" numeric(38, 3) NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"bs_flag" text NOT NULL,
	"deal_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_deals_source_idx" ON "quotation_deals" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "quotation_deals_commodity_idx" ON "quotation_deals" USING btree ("commodity_type_id","deal_at");