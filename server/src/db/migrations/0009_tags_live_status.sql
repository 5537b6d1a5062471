CREATE TABLE "bot_tags" (
	"bot_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "bot_tags_bot_id_tag_id_pk" PRIMARY KEY("bot_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "last_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_tags" ADD CONSTRAINT "bot_tags_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_tags" ADD CONSTRAINT "bot_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_tags_tag_idx" ON "bot_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_name_uq" ON "tags" USING btree ("account_id",lower("name"));