CREATE TABLE "chat_canned_replies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 892001 CACHE 1),
	"department" text,
	"body" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 890001 CACHE 1),
	"department" text NOT NULL,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"channel" text NOT NULL,
	"visitor_name" text NOT NULL,
	"user_id" bigint,
	"staff_id" text,
	"staff_name" text,
	"last_message" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 891001 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"staff_id" text,
	"staff_name" text,
	"body" text NOT NULL,
	"file_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_presence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 893001 CACHE 1),
	"staff_id" text NOT NULL,
	"department" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 894001 CACHE 1),
	"department" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"content" text NOT NULL,
	"user_id" bigint,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_conversations_queue_idx" ON "chat_conversations" USING btree ("department","status","id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_presence_staff_idx" ON "chat_presence" USING btree ("staff_id","department");--> statement-breakpoint
CREATE INDEX "chat_tickets_status_idx" ON "chat_tickets" USING btree ("status","id");