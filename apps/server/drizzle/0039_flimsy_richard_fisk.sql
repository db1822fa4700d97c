CREATE TABLE "download_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "download_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 895001 CACHE 1),
	"title" text NOT NULL,
	"version" text NOT NULL,
	"upload_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "download_documents_live_idx" ON "download_documents" USING btree ("deleted_at","id");