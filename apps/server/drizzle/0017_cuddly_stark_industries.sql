CREATE TABLE "supply_note_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supply_note_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"note_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supply_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 300001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"commodity_type_id" bigint,
	"commodity_name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"specifications" text DEFAULT '' NOT NULL,
	"packages" text DEFAULT '' NOT NULL,
	"price" numeric(38, 2),
	"unit" text DEFAULT '' NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"weight_unit" text NOT NULL,
	"address" text NOT NULL,
	"company_name" text NOT NULL,
	"contacts_name" text NOT NULL,
	"contacts_phone" text NOT NULL,
	"img" uuid,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"top_at" timestamp with time zone,
	"audited_by" text DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supply_note_history" ADD CONSTRAINT "supply_note_history_note_id_supply_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."supply_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_note_history_note_idx" ON "supply_note_history" USING btree ("note_id","id");--> statement-breakpoint
CREATE INDEX "supply_notes_public_idx" ON "supply_notes" USING btree ("status","top_at","id");--> statement-breakpoint
CREATE INDEX "supply_notes_firm_idx" ON "supply_notes" USING btree ("firm_id","id");