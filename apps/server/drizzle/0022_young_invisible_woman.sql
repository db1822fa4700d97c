CREATE TABLE "product_cart_lines" (
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_cart_lines_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"specification" text NOT NULL,
	"unit" text NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(38, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 600001 CACHE 1),
	"buyer_firm_id" bigint NOT NULL,
	"buyer_user_id" bigint NOT NULL,
	"seller_firm_id" bigint NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"fee" numeric(38, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_shops" (
	"firm_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"logo" uuid,
	"introduction" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 500001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"commodity_type_id" bigint NOT NULL,
	"specification" text NOT NULL,
	"unit" text NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"images" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"audited_by" text DEFAULT '' NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_cart_lines" ADD CONSTRAINT "product_cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_history" ADD CONSTRAINT "product_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_history" ADD CONSTRAINT "product_order_history_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_items" ADD CONSTRAINT "product_order_items_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_history_product_idx" ON "product_history" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "product_order_history_order_idx" ON "product_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "product_order_items_order_idx" ON "product_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "product_orders_buyer_idx" ON "product_orders" USING btree ("buyer_firm_id","id");--> statement-breakpoint
CREATE INDEX "product_orders_seller_idx" ON "product_orders" USING btree ("seller_firm_id","id");--> statement-breakpoint
CREATE INDEX "products_public_idx" ON "products" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "products_firm_idx" ON "products" USING btree ("firm_id","id");