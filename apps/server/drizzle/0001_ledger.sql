CREATE SEQUENCE "public"."firm_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "firm_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firm_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1),
	"firm_code" text DEFAULT nextval('firm_code_seq')::text NOT NULL,
	"name" text NOT NULL,
	"user_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "firms_user_type" CHECK ("firms"."user_type" in ('personal', 'enterprise')),
	CONSTRAINT "firms_status" CHECK ("firms"."status" in ('active', 'frozen'))
);
--> statement-breakpoint
CREATE TABLE "role_rights" (
	"role_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"right_code" text NOT NULL,
	CONSTRAINT "role_rights_role_id_right_code_pk" PRIMARY KEY("role_id","right_code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"role_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_type" text,
	"owner_id" text,
	"business_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_balance_nonnegative" CHECK ("ledger_accounts"."balance" >= 0 or "ledger_accounts"."allow_negative"),
	CONSTRAINT "ledger_accounts_owner_type" CHECK ("ledger_accounts"."owner_type" in ('firm', 'user', 'platform')),
	CONSTRAINT "ledger_accounts_negative_platform_only" CHECK (not "ledger_accounts"."allow_negative" or "ledger_accounts"."owner_type" = 'platform')
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "firm_history" ADD CONSTRAINT "firm_history_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_rights" ADD CONSTRAINT "role_rights_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_rights" ADD CONSTRAINT "role_rights_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_history_firm_idx" ON "firm_history" USING btree ("firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "firms_firm_code_uq" ON "firms" USING btree ("firm_code");--> statement-breakpoint
CREATE INDEX "firms_name_idx" ON "firms" USING btree ("name");--> statement-breakpoint
CREATE INDEX "role_rights_firm_idx" ON "role_rights" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_firm_name_uq" ON "roles" USING btree ("firm_id","role_name");--> statement-breakpoint
CREATE INDEX "user_roles_firm_user_idx" ON "user_roles" USING btree ("firm_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_idempotency_key_uq" ON "journals" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "journals_business_ref_idx" ON "journals" USING btree ("business_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_currency_kind_uq" ON "ledger_accounts" USING btree ("owner_type","owner_id","currency","kind");--> statement-breakpoint
CREATE INDEX "postings_account_id_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "postings_journal_idx" ON "postings" USING btree ("journal_id");