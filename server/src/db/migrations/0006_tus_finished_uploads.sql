CREATE TABLE "tus_finished_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tus_finished_uploads" ADD CONSTRAINT "tus_finished_uploads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tus_finished_uploads_media_idx" ON "tus_finished_uploads" USING btree ("media_id");