CREATE TABLE "lockup_locks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lockup_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reward" numeric(38, 18) NOT NULL,
	"locked" numeric(38, 18) NOT NULL,
	"locked_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lockup_months" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lockup_months_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lock_id" bigint NOT NULL,
	"month" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reward" numeric(38, 18) NOT NULL,
	"base_release" numeric(38, 18) NOT NULL,
	"release" numeric(38, 18) DEFAULT '0' NOT NULL,
	"acceleration" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fees_usdt" numeric(38, 18) DEFAULT '0' NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lockup_months" ADD CONSTRAINT "lockup_months_lock_id_lockup_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."lockup_locks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lockup_locks_user_idx" ON "lockup_locks" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lockup_months_lock_month_uq" ON "lockup_months" USING btree ("lock_id","month");--> statement-breakpoint
CREATE INDEX "lockup_months_due_idx" ON "lockup_months" USING btree ("paid_at","due_at");