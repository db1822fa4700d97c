CREATE TABLE "spot_risk_disclosures" (
	"user_id" bigint NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spot_risk_disclosures_uq" ON "spot_risk_disclosures" USING btree ("user_id","version");