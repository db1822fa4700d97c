CREATE TABLE "wallet_refills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_refills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_refills_status" CHECK ("wallet_refills"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"whitelist_only" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_address_book" ADD COLUMN "usable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_custody_moves" ADD COLUMN "actor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD COLUMN "hot_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_refills_status_idx" ON "wallet_refills" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_refills_pending_uq" ON "wallet_refills" USING btree ("asset") WHERE "wallet_refills"."status" = 'pending';