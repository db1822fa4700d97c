CREATE TABLE "contract_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_signatures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" bigint NOT NULL,
	"party" text NOT NULL,
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"previous_hash" text NOT NULL,
	"document_hash" text NOT NULL,
	"signature" text NOT NULL,
	"public_key" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 830001 CACHE 1),
	"contract_no" text NOT NULL,
	"pick_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"seller_firm_id" bigint NOT NULL,
	"buyer_firm_id" bigint NOT NULL,
	"seller_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"commodity_name" text NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text NOT NULL,
	"document_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_documents_version_uq" ON "contract_documents" USING btree ("contract_id","version");--> statement-breakpoint
CREATE INDEX "contract_documents_hash_idx" ON "contract_documents" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signatures_party_uq" ON "contract_signatures" USING btree ("contract_id","party");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_uq" ON "contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_pick_uq" ON "contracts" USING btree ("pick_id");--> statement-breakpoint
CREATE INDEX "contracts_seller_idx" ON "contracts" USING btree ("seller_firm_id","id");--> statement-breakpoint
CREATE INDEX "contracts_buyer_idx" ON "contracts" USING btree ("buyer_firm_id","id");