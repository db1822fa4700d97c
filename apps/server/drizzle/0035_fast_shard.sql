CREATE TABLE "pledge_bill_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_bill_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"finance_id" bigint NOT NULL,
	"day" text NOT NULL,
	"principal" numeric(38, 2) NOT NULL,
	"interest" numeric(38, 2) NOT NULL,
	"penalty" numeric(38, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_finances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_finances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 920001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"funder_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"commodity_type_id" bigint NOT NULL,
	"commodity_name" text NOT NULL,
	"weight_unit" text DEFAULT '' NOT NULL,
	"hold_id" bigint,
	"storage_id" bigint NOT NULL,
	"storage_name" text DEFAULT '' NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"payback_time_id" text NOT NULL,
	"pledge_status" text NOT NULL,
	"finance_status" text NOT NULL,
	"repayment_status" text NOT NULL,
	"warehouse_confirmed_at" timestamp with time zone,
	"reference_price" numeric(38, 2) DEFAULT '0' NOT NULL,
	"valuation" numeric(38, 2) DEFAULT '0' NOT NULL,
	"value_reason" text DEFAULT '' NOT NULL,
	"amount" numeric(38, 2) DEFAULT '0' NOT NULL,
	"annual_rate" numeric(12, 6) DEFAULT '0' NOT NULL,
	"penalty_rate" numeric(12, 6) DEFAULT '0' NOT NULL,
	"maintenance_ratio" numeric(12, 6) DEFAULT '0' NOT NULL,
	"principal" numeric(38, 2) DEFAULT '0' NOT NULL,
	"interest" numeric(38, 2) DEFAULT '0' NOT NULL,
	"penalty" numeric(38, 2) DEFAULT '0' NOT NULL,
	"repaid" numeric(38, 2) DEFAULT '0' NOT NULL,
	"disbursed_at" timestamp with time zone,
	"start_day" text,
	"accrued_through" text,
	"due_day" text,
	"margin_call_deadline" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"contract_no" text DEFAULT '' NOT NULL,
	"contract_hash" text DEFAULT '' NOT NULL,
	"contract_signature" text DEFAULT '' NOT NULL,
	"contract_pdf" "bytea",
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_funders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_funders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 910001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"name" text NOT NULL,
	"grace_days" integer NOT NULL,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"finance_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"journal_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"funder_id" bigint NOT NULL,
	"commodity_type_id" bigint NOT NULL,
	"ltv" numeric(12, 6) NOT NULL,
	"annual_rate" numeric(12, 6) NOT NULL,
	"penalty_rate" numeric(12, 6) NOT NULL,
	"maintenance_ratio" numeric(12, 6) NOT NULL,
	"reference_price" numeric(38, 2) NOT NULL,
	"terms" jsonb NOT NULL,
	"margin_call_days" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pledge_repayments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pledge_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"finance_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"principal" numeric(38, 2) NOT NULL,
	"interest" numeric(38, 2) NOT NULL,
	"penalty" numeric(38, 2) NOT NULL,
	"released_quantity" numeric(38, 3) DEFAULT '0' NOT NULL,
	"surplus" numeric(38, 2) DEFAULT '0' NOT NULL,
	"journal_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledge_bill_days" ADD CONSTRAINT "pledge_bill_days_finance_id_pledge_finances_id_fk" FOREIGN KEY ("finance_id") REFERENCES "public"."pledge_finances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_finances" ADD CONSTRAINT "pledge_finances_funder_id_pledge_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."pledge_funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_finances" ADD CONSTRAINT "pledge_finances_product_id_pledge_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pledge_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_history" ADD CONSTRAINT "pledge_history_finance_id_pledge_finances_id_fk" FOREIGN KEY ("finance_id") REFERENCES "public"."pledge_finances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_products" ADD CONSTRAINT "pledge_products_funder_id_pledge_funders_id_fk" FOREIGN KEY ("funder_id") REFERENCES "public"."pledge_funders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_repayments" ADD CONSTRAINT "pledge_repayments_finance_id_pledge_finances_id_fk" FOREIGN KEY ("finance_id") REFERENCES "public"."pledge_finances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_bill_days_uq" ON "pledge_bill_days" USING btree ("finance_id","day");--> statement-breakpoint
CREATE INDEX "pledge_finances_firm_idx" ON "pledge_finances" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "pledge_finances_funder_idx" ON "pledge_finances" USING btree ("funder_id","id");--> statement-breakpoint
CREATE INDEX "pledge_finances_status_idx" ON "pledge_finances" USING btree ("finance_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_funders_firm_uq" ON "pledge_funders" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "pledge_history_finance_idx" ON "pledge_history" USING btree ("finance_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_products_funder_commodity_uq" ON "pledge_products" USING btree ("funder_id","commodity_type_id");--> statement-breakpoint
CREATE INDEX "pledge_repayments_finance_idx" ON "pledge_repayments" USING btree ("finance_id","id");