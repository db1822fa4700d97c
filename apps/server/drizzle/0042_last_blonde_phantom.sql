CREATE TABLE "aftersale_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aftersale_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aftersale_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aftersale_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 930001 CACHE 1),
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"buyer_firm_id" bigint NOT NULL,
	"seller_firm_id" bigint NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_amount" numeric(38, 2) NOT NULL,
	"amount" numeric(38, 2) NOT NULL,
	"seller_reason" text,
	"arbitration_reason" text,
	"decision" text,
	"decision_reason" text,
	"return_carrier" text,
	"return_tracking_no" text,
	"replacement_carrier" text,
	"replacement_tracking_no" text,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aftersale_history" ADD CONSTRAINT "aftersale_history_request_id_aftersale_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."aftersale_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aftersale_history_request" ON "aftersale_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "aftersale_requests_open_order" ON "aftersale_requests" USING btree ("kind","order_id") WHERE "aftersale_requests"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "aftersale_requests_buyer" ON "aftersale_requests" USING btree ("buyer_firm_id","id");--> statement-breakpoint
CREATE INDEX "aftersale_requests_seller" ON "aftersale_requests" USING btree ("seller_firm_id","id");--> statement-breakpoint
CREATE INDEX "aftersale_requests_deadline" ON "aftersale_requests" USING btree ("deadline_at");