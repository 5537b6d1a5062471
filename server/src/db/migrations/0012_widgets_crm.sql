CREATE TABLE "widget_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"widget_id" integer NOT NULL,
	"rev_number" integer NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'Slider' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"privacy" text DEFAULT 'Public' NOT NULL,
	"author_id" integer,
	"latest_revision_id" integer,
	"published_revision_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "crm_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"integration_type" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"secret" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"integration_type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"external_id" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_revisions" ADD CONSTRAINT "widget_revisions_widget_id_widgets_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_revisions" ADD CONSTRAINT "widget_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deliveries" ADD CONSTRAINT "crm_deliveries_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deliveries" ADD CONSTRAINT "crm_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "widget_revisions_widget_rev_uq" ON "widget_revisions" USING btree ("widget_id","rev_number");--> statement-breakpoint
CREATE INDEX "widgets_account_idx" ON "widgets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_connections_account_type_uq" ON "crm_connections" USING btree ("account_id","integration_type");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deliveries_submission_type_uq" ON "crm_deliveries" USING btree ("submission_id","integration_type");--> statement-breakpoint
CREATE INDEX "crm_deliveries_account_idx" ON "crm_deliveries" USING btree ("account_id","state");