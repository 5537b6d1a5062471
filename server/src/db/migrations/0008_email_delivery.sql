ALTER TABLE "email_outbox" ADD COLUMN "status" text DEFAULT 'captured' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows written before the job queue delivered e-mail: their outcome was recorded in sent_at / error.
UPDATE "email_outbox" SET "status" = 'sent', "attempts" = 1 WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "email_outbox" SET "status" = 'failed', "attempts" = 1 WHERE "sent_at" IS NULL AND "error" IS NOT NULL;
