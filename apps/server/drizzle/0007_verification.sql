CREATE TABLE "real_name_verifications" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"id_number_masked" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senior_verifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "senior_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"location" text NOT NULL,
	"nationality" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"certificate_name" text NOT NULL,
	"certificate_number" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"front_image_id" uuid NOT NULL,
	"back_image_id" uuid NOT NULL,
	"holding_image_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "senior_verifications_status" CHECK ("senior_verifications"."status" in ('review', 'passed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_id_hash_uq" ON "real_name_verifications" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "senior_verifications_user_idx" ON "senior_verifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "senior_verifications_status_idx" ON "senior_verifications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "senior_verifications_open_uq" ON "senior_verifications" USING btree ("user_id") WHERE "senior_verifications"."status" in ('review', 'passed');