CREATE TABLE "bank_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_id" text NOT NULL,
	"notify_id" text NOT NULL,
	"request_no" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_recon_diffs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_recon_diffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"bank_id" text NOT NULL,
	"day" text NOT NULL,
	"request_no" text NOT NULL,
	"kind" text NOT NULL,
	"transfer_id" bigint,
	"firm_id" bigint,
	"bank_amount" numeric(38, 18),
	"platform_amount" numeric(38, 18),
	"platform_status" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"resolved_by" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_recon_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_recon_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_id" text NOT NULL,
	"day" text NOT NULL,
	"matched" integer NOT NULL,
	"differences" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_requests" (
	"request_no" text PRIMARY KEY NOT NULL,
	"bank_id" text NOT NULL,
	"kind" text NOT NULL,
	"firm_id" bigint NOT NULL,
	"sign_id" bigint,
	"transfer_id" bigint,
	"amount" numeric(38, 18),
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_signs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_signs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"bank_id" text NOT NULL,
	"status" text NOT NULL,
	"pending_op" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"open_bank_name" text DEFAULT '' NOT NULL,
	"open_bank_num" text DEFAULT '' NOT NULL,
	"pending_account" jsonb,
	"cert_type" text DEFAULT '' NOT NULL,
	"cert_no" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"sub_account" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_signs_status" CHECK ("bank_signs"."status" in ('0', '1', '2', '3'))
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"bank_id" text NOT NULL,
	"sign_id" bigint NOT NULL,
	"fund_dealflag" text NOT NULL,
	"pay_channel" text DEFAULT '1' NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"request_id" text NOT NULL,
	"request_no" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"bank_serial" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bank_transfers_status" CHECK ("bank_transfers"."status" in ('0', '1', '2')),
	CONSTRAINT "bank_transfers_flag" CHECK ("bank_transfers"."fund_dealflag" in ('1', '2')),
	CONSTRAINT "bank_transfers_amount_positive" CHECK ("bank_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_controls" (
	"bank_id" text PRIMARY KEY NOT NULL,
	"fail_next" integer DEFAULT 0 NOT NULL,
	"drop_next" integer DEFAULT 0 NOT NULL,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bank_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bank_id" text NOT NULL,
	"request_no" text NOT NULL,
	"kind" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"amount" numeric(38, 18),
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"bank_serial" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"callback_held" boolean DEFAULT false NOT NULL,
	"callback" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bank_history_object_idx" ON "bank_history" USING btree ("object_type","object_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_notifications_uq" ON "bank_notifications" USING btree ("bank_id","notify_id");--> statement-breakpoint
CREATE INDEX "bank_notifications_request_idx" ON "bank_notifications" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_recon_diffs_uq" ON "bank_recon_diffs" USING btree ("bank_id","request_no","kind");--> statement-breakpoint
CREATE INDEX "bank_recon_diffs_open_idx" ON "bank_recon_diffs" USING btree ("resolution","id");--> statement-breakpoint
CREATE INDEX "bank_recon_runs_bank_day_idx" ON "bank_recon_runs" USING btree ("bank_id","day","id");--> statement-breakpoint
CREATE INDEX "bank_requests_status_idx" ON "bank_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bank_requests_transfer_idx" ON "bank_requests" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_signs_live_uq" ON "bank_signs" USING btree ("firm_id","bank_id") WHERE "bank_signs"."status" <> '2';--> statement-breakpoint
CREATE INDEX "bank_signs_firm_idx" ON "bank_signs" USING btree ("firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_request_uq" ON "bank_transfers" USING btree ("firm_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_request_no_uq" ON "bank_transfers" USING btree ("request_no");--> statement-breakpoint
CREATE INDEX "bank_transfers_firm_idx" ON "bank_transfers" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "bank_transfers_status_idx" ON "bank_transfers" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_requests_uq" ON "sandbox_bank_requests" USING btree ("bank_id","request_no");--> statement-breakpoint
CREATE INDEX "sandbox_bank_requests_due_idx" ON "sandbox_bank_requests" USING btree ("status","due_at");