CREATE TABLE "idp_used_sessions" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idp_used_sessions_expires_idx" ON "idp_used_sessions" USING btree ("expires_at");