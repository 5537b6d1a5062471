CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"bot_id" integer NOT NULL,
	"revision_id" integer,
	"action_id" integer NOT NULL,
	"form_name" text NOT NULL,
	"values" jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "bcc" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_revision_id_bot_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."bot_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_submission_uq" ON "form_submissions" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "form_submissions_bot_idx" ON "form_submissions" USING btree ("bot_id","created_at");