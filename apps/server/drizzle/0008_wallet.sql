CREATE TABLE "sim_chain_heights" (
	"chain" text PRIMARY KEY NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_chain_txs" (
	"txid" text PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"direction" text NOT NULL,
	"address" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"block_height" integer,
	"failed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_address_book" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_address_book_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"chain" text NOT NULL,
	"idx" integer NOT NULL,
	"address" text NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_custody" (
	"asset" text PRIMARY KEY NOT NULL,
	"hot" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cold" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_custody_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_custody_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"asset" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"hot_after" numeric(38, 18) NOT NULL,
	"cold_after" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"txid" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_withdrawals_status" CHECK ("wallet_withdrawals"."status" in ('review', 'processing', 'in_transit', 'completed', 'rejected', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "sim_chain_txs_chain_block_idx" ON "sim_chain_txs" USING btree ("chain","block_height");--> statement-breakpoint
CREATE INDEX "wallet_address_book_user_idx" ON "wallet_address_book" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_address_book_uq" ON "wallet_address_book" USING btree ("user_id","asset","address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_user_chain_uq" ON "wallet_addresses" USING btree ("user_id","chain");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_chain_idx_uq" ON "wallet_addresses" USING btree ("chain","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_address_uq" ON "wallet_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_tx_uq" ON "wallet_deposits" USING btree ("chain","txid","vout");--> statement-breakpoint
CREATE INDEX "wallet_deposits_user_idx" ON "wallet_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_deposits_status_idx" ON "wallet_deposits" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_request_uq" ON "wallet_withdrawals" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_user_idx" ON "wallet_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("status","id");