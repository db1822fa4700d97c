CREATE TABLE "mobilepay_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mobilepay_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobilepay_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mobilepay_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"provider_trade_no" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobilepay_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mobilepay_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"refunded_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"subject" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"provider_trade_no" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"qr_content" text NOT NULL,
	"pay_page_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"queried_at" timestamp with time zone,
	"handler_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mobilepay_payments_amount_positive" CHECK ("mobilepay_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "mobilepay_recon_diffs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mobilepay_recon_diffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"day" text NOT NULL,
	"line_kind" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"provider_trade_no" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"provider_amount" numeric(38, 18),
	"platform_amount" numeric(38, 18),
	"platform_status" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"resolved_by" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mobilepay_recon_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mobilepay_recon_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"day" text NOT NULL,
	"matched" integer NOT NULL,
	"differences" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobilepay_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mobilepay_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"firm_id" bigint NOT NULL,
	"out_refund_no" text NOT NULL,
	"provider_refund_no" text DEFAULT '' NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mobilepay_refunds_amount_positive" CHECK ("mobilepay_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_mobilepay_controls" (
	"channel" text PRIMARY KEY NOT NULL,
	"drop_notifications" integer DEFAULT 0 NOT NULL,
	"fail_refunds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mobilepay_keys" (
	"channel" text NOT NULL,
	"side" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"serial_no" text NOT NULL,
	"symmetric_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mobilepay_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_mobilepay_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"provider_trade_no" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"subject" text NOT NULL,
	"notify_path" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mobilepay_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_mobilepay_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"out_refund_no" text NOT NULL,
	"provider_refund_no" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"notify_path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mobilepay_history_object_idx" ON "mobilepay_history" USING btree ("object_type","object_id","id");--> statement-breakpoint
CREATE INDEX "mobilepay_notifications_trade_idx" ON "mobilepay_notifications" USING btree ("out_trade_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilepay_payments_out_trade_no_uq" ON "mobilepay_payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilepay_payments_provider_trade_no_uq" ON "mobilepay_payments" USING btree ("channel","provider_trade_no") WHERE "mobilepay_payments"."provider_trade_no" <> '';--> statement-breakpoint
CREATE INDEX "mobilepay_payments_firm_idx" ON "mobilepay_payments" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "mobilepay_payments_reference_idx" ON "mobilepay_payments" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "mobilepay_payments_status_idx" ON "mobilepay_payments" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilepay_recon_diffs_uq" ON "mobilepay_recon_diffs" USING btree ("channel","line_kind","out_trade_no","kind");--> statement-breakpoint
CREATE INDEX "mobilepay_recon_diffs_open_idx" ON "mobilepay_recon_diffs" USING btree ("resolution","id");--> statement-breakpoint
CREATE INDEX "mobilepay_recon_runs_idx" ON "mobilepay_recon_runs" USING btree ("channel","day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobilepay_refunds_out_refund_no_uq" ON "mobilepay_refunds" USING btree ("out_refund_no");--> statement-breakpoint
CREATE INDEX "mobilepay_refunds_payment_idx" ON "mobilepay_refunds" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "mobilepay_refunds_status_idx" ON "mobilepay_refunds" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mobilepay_keys_pk" ON "sandbox_mobilepay_keys" USING btree ("channel","side");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mobilepay_orders_uq" ON "sandbox_mobilepay_orders" USING btree ("channel","out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mobilepay_orders_trade_uq" ON "sandbox_mobilepay_orders" USING btree ("provider_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_mobilepay_refunds_uq" ON "sandbox_mobilepay_refunds" USING btree ("channel","out_refund_no");