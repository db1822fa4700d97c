CREATE TABLE "integral_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"decided_by" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_credits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"source_ref" text NOT NULL,
	"points" integer NOT NULL,
	"journal_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integral_credits_points_positive" CHECK ("integral_credits"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "integral_expiries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_expiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firm_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_goods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" text,
	"points" integer NOT NULL,
	"stock" integer NOT NULL,
	"limit_per_firm" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integral_goods_stock_nonnegative" CHECK ("integral_goods"."stock" >= 0),
	CONSTRAINT "integral_goods_points_positive" CHECK ("integral_goods"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "integral_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"from_status" text DEFAULT '' NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"goods_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	"status" text NOT NULL,
	"recipients" text NOT NULL,
	"recipients_cellphone" text NOT NULL,
	"region" text NOT NULL,
	"address_name" text NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integral_sign_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integral_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"firm_id" bigint NOT NULL,
	"day" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integral_redemptions" ADD CONSTRAINT "integral_redemptions_goods_id_integral_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."integral_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integral_applications_firm_idx" ON "integral_applications" USING btree ("firm_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "integral_credits_source_uq" ON "integral_credits" USING btree ("reason","source_ref","firm_id");--> statement-breakpoint
CREATE INDEX "integral_credits_firm_idx" ON "integral_credits" USING btree ("firm_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integral_expiries_firm_year_uq" ON "integral_expiries" USING btree ("firm_id","year");--> statement-breakpoint
CREATE INDEX "integral_history_object_idx" ON "integral_history" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "integral_redemptions_firm_idx" ON "integral_redemptions" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "integral_redemptions_goods_firm_idx" ON "integral_redemptions" USING btree ("goods_id","firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integral_sign_ins_user_day_uq" ON "integral_sign_ins" USING btree ("user_id","day");