CREATE TABLE "firm_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firm_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"recipients" text NOT NULL,
	"recipients_cellphone" text NOT NULL,
	"region" text NOT NULL,
	"address_name" text NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"default_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_certifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firm_certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"enterprise_name" text NOT NULL,
	"register_no" text NOT NULL,
	"corporate_name" text NOT NULL,
	"enterprise_phone" text NOT NULL,
	"operator_name" text NOT NULL,
	"operator_phone" text NOT NULL,
	"enterprise_address" text NOT NULL,
	"firm_type" text NOT NULL,
	"business_photo" uuid NOT NULL,
	"corporate_positive_card" uuid NOT NULL,
	"corporate_reverse_card" uuid NOT NULL,
	"status" text NOT NULL,
	"member_reason" text DEFAULT '' NOT NULL,
	"member_reviewed_by" text DEFAULT '' NOT NULL,
	"member_reviewed_at" timestamp with time zone,
	"risk_reason" text DEFAULT '' NOT NULL,
	"risk_reviewed_by" text DEFAULT '' NOT NULL,
	"risk_reviewed_at" timestamp with time zone,
	"submitted_by" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "firm_certifications_status" CHECK ("firm_certifications"."status" in ('1', '2', '3', '4', '5'))
);
--> statement-breakpoint
CREATE TABLE "firm_seals" (
	"firm_id" bigint PRIMARY KEY NOT NULL,
	"upload_id" uuid NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firm_addresses" ADD CONSTRAINT "firm_addresses_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_certifications" ADD CONSTRAINT "firm_certifications_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_seals" ADD CONSTRAINT "firm_seals_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_addresses_owner_idx" ON "firm_addresses" USING btree ("firm_id","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "firm_addresses_default_uq" ON "firm_addresses" USING btree ("user_id") WHERE "firm_addresses"."default_flag";--> statement-breakpoint
CREATE INDEX "firm_certifications_firm_idx" ON "firm_certifications" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "firm_certifications_status_idx" ON "firm_certifications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "firm_certifications_open_uq" ON "firm_certifications" USING btree ("firm_id") WHERE "firm_certifications"."status" in ('1', '2', '4');--> statement-breakpoint
CREATE UNIQUE INDEX "firm_certifications_register_no_uq" ON "firm_certifications" USING btree ("register_no") WHERE "firm_certifications"."status" in ('1', '2', '4');