CREATE TABLE "presale_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "presale_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presale_placements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "presale_placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"stage" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "presale_projects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "presale_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 7001 CACHE 1),
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"coin_name" text NOT NULL,
	"coin_type" text NOT NULL,
	"abbreviation" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"contract_address" text DEFAULT '' NOT NULL,
	"white_paper" text DEFAULT '' NOT NULL,
	"chat_group" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"total_issue" numeric(38, 18) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"remaining_amount" numeric(38, 18) NOT NULL,
	"subscribed_amount" numeric(38, 18) NOT NULL,
	"min_purchase" numeric(38, 18) NOT NULL,
	"max_purchase" numeric(38, 18) NOT NULL,
	"payment_currency" text NOT NULL,
	"exchange_ratio" numeric(38, 18) NOT NULL,
	"lockup_rule" text NOT NULL,
	"unlock_stages" jsonb NOT NULL,
	"allocation" text NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"quantity_places" integer NOT NULL,
	"sale_status" text NOT NULL,
	"allocated_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presale_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "presale_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"payment_currency" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"amount_paid" numeric(38, 18) NOT NULL,
	"winning_quantity" numeric(38, 18) DEFAULT '0' NOT NULL,
	"winning_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"refund" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presale_placements" ADD CONSTRAINT "presale_placements_subscription_id_presale_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."presale_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_subscriptions" ADD CONSTRAINT "presale_subscriptions_project_id_presale_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."presale_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presale_history_object_idx" ON "presale_history" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "presale_placements_subscription_stage_uq" ON "presale_placements" USING btree ("subscription_id","stage");--> statement-breakpoint
CREATE INDEX "presale_placements_due_idx" ON "presale_placements" USING btree ("released_at","due_at");--> statement-breakpoint
CREATE INDEX "presale_placements_user_idx" ON "presale_placements" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "presale_projects_end_idx" ON "presale_projects" USING btree ("end_time");--> statement-breakpoint
CREATE INDEX "presale_subscriptions_user_idx" ON "presale_subscriptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "presale_subscriptions_project_idx" ON "presale_subscriptions" USING btree ("project_id","id");