CREATE TABLE "commodity_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodity_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 101 CACHE 1),
	"name" text NOT NULL,
	"category" text NOT NULL,
	"unit" text NOT NULL,
	"weight_unit" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"commodity_type_id" bigint NOT NULL,
	"grade_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_columns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1),
	"column_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"slug" text,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 201 CACHE 1),
	"name" text NOT NULL,
	"address" text NOT NULL,
	"responsible_name" text NOT NULL,
	"responsible_phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"charge_standard" numeric(18, 4) NOT NULL,
	"storage_type" text NOT NULL,
	"warehous_rate" numeric(10, 6) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_commodity_type_id_commodity_types_id_fk" FOREIGN KEY ("commodity_type_id") REFERENCES "public"."commodity_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_column_id_content_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."content_columns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commodity_types_name_uq" ON "commodity_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_type_name_uq" ON "grades" USING btree ("commodity_type_id","grade_name");--> statement-breakpoint
CREATE INDEX "grades_type_idx" ON "grades" USING btree ("commodity_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_columns_code_uq" ON "content_columns" USING btree ("code");--> statement-breakpoint
CREATE INDEX "content_items_column_published_idx" ON "content_items" USING btree ("column_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_slug_uq" ON "content_items" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "storages_name_uq" ON "storages" USING btree ("name");