CREATE TABLE "payment_passwords" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_passwords_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "payment_passwords_kind" CHECK ("payment_passwords"."kind" in ('fund', 'margin'))
);
--> statement-breakpoint
ALTER TABLE "payment_passwords" ADD CONSTRAINT "payment_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;