CREATE SEQUENCE "public"."outbox_publish_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"types" text[] NOT NULL,
	"position" bigint NOT NULL,
	"failing_seq" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events_set_aside" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_set_aside_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"consumer" text NOT NULL,
	"event_id" bigint NOT NULL,
	"type" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"set_aside_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "publish_seq" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "events_set_aside_consumer_event_uq" ON "events_set_aside" USING btree ("consumer","event_id");--> statement-breakpoint
CREATE INDEX "outbox_publish_seq_idx" ON "outbox" USING btree ("publish_seq");