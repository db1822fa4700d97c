CREATE TABLE "mall_classes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_goods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 700001 CACHE 1),
	"firm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"class_id" bigint NOT NULL,
	"name" text NOT NULL,
	"specs" jsonb NOT NULL,
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
CREATE TABLE "mall_goods_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_goods_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"goods_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_order_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_order_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 800001 CACHE 1),
	"goods_id" bigint NOT NULL,
	"buyer_firm_id" bigint NOT NULL,
	"buyer_user_id" bigint NOT NULL,
	"seller_firm_id" bigint NOT NULL,
	"title" text NOT NULL,
	"spec" text NOT NULL,
	"price" numeric(38, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(38, 2) NOT NULL,
	"fee" numeric(38, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"pay_way" text DEFAULT '' NOT NULL,
	"payment_id" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"consignee" jsonb NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mall_goods" ADD CONSTRAINT "mall_goods_class_id_mall_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."mall_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_goods_history" ADD CONSTRAINT "mall_goods_history_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order_history" ADD CONSTRAINT "mall_order_history_order_id_mall_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_goods_public_idx" ON "mall_goods" USING btree ("status","class_id","id");--> statement-breakpoint
CREATE INDEX "mall_goods_firm_idx" ON "mall_goods" USING btree ("firm_id","id");--> statement-breakpoint
CREATE INDEX "mall_goods_history_goods_idx" ON "mall_goods_history" USING btree ("goods_id","id");--> statement-breakpoint
CREATE INDEX "mall_order_history_order_idx" ON "mall_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "mall_orders_buyer_idx" ON "mall_orders" USING btree ("buyer_firm_id","id");--> statement-breakpoint
CREATE INDEX "mall_orders_seller_idx" ON "mall_orders" USING btree ("seller_firm_id","id");--> statement-breakpoint
CREATE INDEX "mall_orders_status_idx" ON "mall_orders" USING btree ("status","id");