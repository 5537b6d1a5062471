CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"slider_id" integer DEFAULT 0 NOT NULL,
	"session" integer DEFAULT 0 NOT NULL,
	"viewed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"intro_viewed" integer DEFAULT 0 NOT NULL,
	"engaged" integer DEFAULT 0 NOT NULL,
	"cta" integer DEFAULT 0 NOT NULL,
	"intro_actions" integer DEFAULT 0 NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"watched_seconds" double precision DEFAULT 0 NOT NULL,
	"form_submitted" integer DEFAULT 0 NOT NULL,
	"contacted" integer DEFAULT 0 NOT NULL,
	"liked" integer DEFAULT 0 NOT NULL,
	"watermark_clicked" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"ad_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_bot_id_channel_slider_id_pk" PRIMARY KEY("day","bot_id","channel","slider_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_action" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"slide_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_action_day_bot_id_channel_slide_id_option_id_pk" PRIMARY KEY("day","bot_id","channel","slide_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_path" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"path" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_path_day_bot_id_channel_path_pk" PRIMARY KEY("day","bot_id","channel","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_slide" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"slide_id" integer NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"watched_seconds" double precision DEFAULT 0 NOT NULL,
	"liked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_slide_day_bot_id_channel_slide_id_pk" PRIMARY KEY("day","bot_id","channel","slide_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_source" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"session" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_source_day_bot_id_channel_source_pk" PRIMARY KEY("day","bot_id","channel","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_transition" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"from_slide_id" integer NOT NULL,
	"to_slide_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_transition_day_bot_id_channel_from_slide_id_to_slide_id_pk" PRIMARY KEY("day","bot_id","channel","from_slide_id","to_slide_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"day" date NOT NULL,
	"id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"channel" text NOT NULL,
	"slider_id" integer DEFAULT 0 NOT NULL,
	"session_id" text NOT NULL,
	"name" text NOT NULL,
	"slide_id" integer,
	"from_slide_id" integer,
	"option_id" integer,
	"seconds" double precision,
	"source" text,
	CONSTRAINT "analytics_events_day_id_pk" PRIMARY KEY("day","id")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
-- Hand-edited (drizzle-kit cannot express partitioning): one partition per UTC month, created ahead
-- by ensureEventPartitions (server/src/modules/analytics); rows outside them land in the default.
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"key" text PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "business_type" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "analytics_default_channel" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "analytics_display_fields" jsonb DEFAULT '{"email":true,"cta":true,"watermark_clicked":false}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_daily_account_idx" ON "analytics_daily" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_action_bot_idx" ON "analytics_daily_action" USING btree ("bot_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_path_bot_idx" ON "analytics_daily_path" USING btree ("bot_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_slide_bot_idx" ON "analytics_daily_slide" USING btree ("bot_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_source_bot_idx" ON "analytics_daily_source" USING btree ("bot_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_transition_bot_idx" ON "analytics_daily_transition" USING btree ("bot_id","day");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_bot_day_idx" ON "analytics_events" USING btree ("bot_id","day");