CREATE TABLE "listing_picks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_picks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 820001 CACHE 1),
	"listing_id" bigint NOT NULL,
	"buyer_firm_id" bigint NOT NULL,
	"seller_firm_id" bigint NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3),
	"amount" numeric(38, 2) NOT NULL,
	"fee" numeric(38, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"pay_status" text NOT NULL,
	"bought_hold_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 810001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"hold_id" bigint,
	"commodity_type_id" bigint NOT NULL,
	"grade_id" bigint NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"quantity" numeric(38, 3) NOT NULL,
	"weight" numeric(38, 3) NOT NULL,
	"remaining" numeric(38, 3) NOT NULL,
	"backing_quantity" numeric(38, 3) NOT NULL,
	"backing_weight" numeric(38, 3) NOT NULL,
	"open_ticket_day" integer NOT NULL,
	"auto_revoke" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_picks" ADD CONSTRAINT "listing_picks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_picks_listing_idx" ON "listing_picks" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "listing_picks_buyer_idx" ON "listing_picks" USING btree ("buyer_firm_id","id");--> statement-breakpoint
CREATE INDEX "listing_picks_seller_idx" ON "listing_picks" USING btree ("seller_firm_id","id");--> statement-breakpoint
CREATE INDEX "listings_status_idx" ON "listings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "listings_firm_idx" ON "listings" USING btree ("firm_id","id");