CREATE TABLE "commodity_options" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodity_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 3001 CACHE 1),
	"commodity_type_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodity_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodity_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 2001 CACHE 1),
	"commodity_type_id" bigint NOT NULL,
	"package_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holdings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 700001 CACHE 1),
	"receipt_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"parent_id" bigint,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"status" text NOT NULL,
	"storage_fee" numeric(38, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pickups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 900001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"holding_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"status" text NOT NULL,
	"pickup_code" text,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_fee_accruals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_fee_accruals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"holding_id" bigint NOT NULL,
	"day" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1),
	"receipt_no" text NOT NULL,
	"apply_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"failed_grade" boolean NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"stock_status" text DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehousing_applies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehousing_applies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"type" text NOT NULL,
	"order_id" text DEFAULT '' NOT NULL,
	"commodity_type_id" bigint NOT NULL,
	"batch" text NOT NULL,
	"firm_name" text NOT NULL,
	"grade_id" bigint NOT NULL,
	"manufacturer" text NOT NULL,
	"out_warehous_day" text NOT NULL,
	"packag_id" bigint NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"storage_id" bigint NOT NULL,
	"report_type" text NOT NULL,
	"status" text NOT NULL,
	"arrival" text DEFAULT '' NOT NULL,
	"inspection_status" text DEFAULT '' NOT NULL,
	"inspection_fee" numeric(38, 2),
	"fee_state" text DEFAULT '' NOT NULL,
	"report_file_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commodity_options" ADD CONSTRAINT "commodity_options_commodity_type_id_commodity_types_id_fk" FOREIGN KEY ("commodity_type_id") REFERENCES "public"."commodity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commodity_packages" ADD CONSTRAINT "commodity_packages_commodity_type_id_commodity_types_id_fk" FOREIGN KEY ("commodity_type_id") REFERENCES "public"."commodity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_receipt_id_warehouse_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."warehouse_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_fee_accruals" ADD CONSTRAINT "storage_fee_accruals_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_receipts" ADD CONSTRAINT "warehouse_receipts_apply_id_warehousing_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."warehousing_applies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehousing_applies" ADD CONSTRAINT "warehousing_applies_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commodity_options_type_kind_name_uq" ON "commodity_options" USING btree ("commodity_type_id","kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "commodity_packages_type_name_uq" ON "commodity_packages" USING btree ("commodity_type_id","package_name");--> statement-breakpoint
CREATE INDEX "holdings_firm_idx" ON "holdings" USING btree ("firm_id","status");--> statement-breakpoint
CREATE INDEX "holdings_receipt_idx" ON "holdings" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "pickups_firm_idx" ON "pickups" USING btree ("firm_id","mode");--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_code_uq" ON "pickups" USING btree ("pickup_code");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_fee_accruals_holding_day_uq" ON "storage_fee_accruals" USING btree ("holding_id","day");--> statement-breakpoint
CREATE INDEX "warehouse_history_object_idx" ON "warehouse_history" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_receipts_no_uq" ON "warehouse_receipts" USING btree ("receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_receipts_apply_uq" ON "warehouse_receipts" USING btree ("apply_id");--> statement-breakpoint
CREATE INDEX "warehouse_receipts_firm_idx" ON "warehouse_receipts" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "warehousing_applies_firm_idx" ON "warehousing_applies" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "warehousing_applies_status_idx" ON "warehousing_applies" USING btree ("status");