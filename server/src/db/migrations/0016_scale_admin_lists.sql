-- Issue 18 "Lists at scale": counters, trigram search and order indexes for users, accounts, members,
-- audit log, feature flags, form submissions, analytics tables and the e-mail outbox
-- (docs/scaling.md "Admin and analytics lists").
--
-- admin_list_counts: exact row counts of the unfiltered admin lists, kept by statement-level triggers
-- with transition tables in the same transaction as the rows. Not list_counts: these lists are global
-- (every user, every account, every audit event — no account to key them by, and list_counts.account_id
-- references accounts) or outlive their account (audit_events.account_id has no foreign key: the
-- events of a deleted account stay readable by staff) or are per bot (form submissions). `scope_id` is 0
-- for a global list, else the account or bot id. A list's count is split over 8 `shard` rows
-- (pg_backend_pid() % 8) so concurrent writers of one list (every audited mutation writes an audit
-- event) do not queue on one row lock; a read sums at most 8 rows of one primary-key range. A missing
-- row means 0 (the backfill below counts every existing row).
CREATE TABLE "admin_list_counts" (
	"list" text NOT NULL,
	"scope_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_list_counts_pk" PRIMARY KEY("list","scope_id","shard")
);
--> statement-breakpoint
-- Trigger arguments: list name, scope expression over the row (e.g. '0', 'account_id'), row filter
-- (e.g. 'true', 'account_id IS NOT NULL'). Transition tables: new_rows (INSERT, UPDATE), old_rows
-- (UPDATE, DELETE). Adds +1 per new row and -1 per old row, grouped by scope, once per statement.
CREATE FUNCTION "admin_list_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    parts := parts || format('SELECT (%s)::integer AS scope_id, 1::bigint AS c FROM new_rows WHERE %s', TG_ARGV[1], TG_ARGV[2]);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    parts := parts || format('SELECT (%s)::integer AS scope_id, -1::bigint AS c FROM old_rows WHERE %s', TG_ARGV[1], TG_ARGV[2]);
  END IF;
  EXECUTE format(
    'INSERT INTO admin_list_counts AS t (list, scope_id, shard, n) '
    'SELECT %L, scope_id, (pg_backend_pid() %% 8)::smallint, sum(c) FROM (%s) x GROUP BY scope_id HAVING sum(c) <> 0 '
    'ON CONFLICT (list, scope_id, shard) DO UPDATE SET n = t.n + excluded.n',
    TG_ARGV[0], array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_ins" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('users', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "users_count_del" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('users', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "accounts_count_ins" AFTER INSERT ON "accounts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('accounts', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "accounts_count_del" AFTER DELETE ON "accounts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('accounts', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "email_outbox_count_ins" AFTER INSERT ON "email_outbox" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('email_outbox', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "email_outbox_count_del" AFTER DELETE ON "email_outbox" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('email_outbox', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "audit_events_count_ins" AFTER INSERT ON "audit_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('audit_events', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "audit_events_count_del" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('audit_events', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "audit_events_account_count_ins" AFTER INSERT ON "audit_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('account_audit_events', 'account_id', 'account_id IS NOT NULL');
--> statement-breakpoint
CREATE TRIGGER "audit_events_account_count_upd" AFTER UPDATE ON "audit_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('account_audit_events', 'account_id', 'account_id IS NOT NULL');
--> statement-breakpoint
CREATE TRIGGER "audit_events_account_count_del" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('account_audit_events', 'account_id', 'account_id IS NOT NULL');
--> statement-breakpoint
CREATE TRIGGER "roles_member_count_ins" AFTER INSERT ON "roles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('members', 'account_id', 'true');
--> statement-breakpoint
CREATE TRIGGER "roles_member_count_upd" AFTER UPDATE ON "roles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('members', 'account_id', 'true');
--> statement-breakpoint
CREATE TRIGGER "roles_member_count_del" AFTER DELETE ON "roles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('members', 'account_id', 'true');
--> statement-breakpoint
CREATE TRIGGER "form_submissions_count_ins" AFTER INSERT ON "form_submissions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('form_submissions', 'bot_id', 'true');
--> statement-breakpoint
CREATE TRIGGER "form_submissions_count_upd" AFTER UPDATE ON "form_submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('form_submissions', 'bot_id', 'true');
--> statement-breakpoint
CREATE TRIGGER "form_submissions_count_del" AFTER DELETE ON "form_submissions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('form_submissions', 'bot_id', 'true');
--> statement-breakpoint
-- TRUNCATE has no transition table: recount the list from scratch (cheap: the table is empty after it).
CREATE FUNCTION "admin_list_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM admin_list_counts WHERE list = ANY (TG_ARGV);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_trunc" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('users');
--> statement-breakpoint
CREATE TRIGGER "accounts_count_trunc" AFTER TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('accounts');
--> statement-breakpoint
CREATE TRIGGER "email_outbox_count_trunc" AFTER TRUNCATE ON "email_outbox" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('email_outbox');
--> statement-breakpoint
CREATE TRIGGER "audit_events_count_trunc" AFTER TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('audit_events', 'account_audit_events');
--> statement-breakpoint
CREATE TRIGGER "roles_count_trunc" AFTER TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('members');
--> statement-breakpoint
CREATE TRIGGER "form_submissions_count_trunc" AFTER TRUNCATE ON "form_submissions" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('form_submissions');
--> statement-breakpoint
-- Backfill (shard 0) from the rows that exist now.
INSERT INTO "admin_list_counts" (list, scope_id, shard, n)
SELECT 'users', 0, 0, count(*) FROM users HAVING count(*) > 0
UNION ALL SELECT 'accounts', 0, 0, count(*) FROM accounts HAVING count(*) > 0
UNION ALL SELECT 'email_outbox', 0, 0, count(*) FROM email_outbox HAVING count(*) > 0
UNION ALL SELECT 'audit_events', 0, 0, count(*) FROM audit_events HAVING count(*) > 0
UNION ALL SELECT 'account_audit_events', account_id, 0, count(*) FROM audit_events WHERE account_id IS NOT NULL GROUP BY account_id
UNION ALL SELECT 'members', account_id, 0, count(*) FROM roles GROUP BY account_id
UNION ALL SELECT 'form_submissions', bot_id, 0, count(*) FROM form_submissions GROUP BY bot_id;
--> statement-breakpoint
-- Users (GET /user/all-users, /user/resellers): e-mail substring search, reseller filter, members by e-mail.
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_reseller_idx" ON "users" USING btree ("id") WHERE "is_reseller";
--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"), "id");
--> statement-breakpoint
-- Accounts (GET /account, /account/detail): business-name search and both orders.
CREATE INDEX "accounts_business_name_trgm_idx" ON "accounts" USING gin ("business_name" gin_trgm_ops);
--> statement-breakpoint
-- INCLUDE business_name: the planner allows an index-only scan of an expression index only when the
-- expression's column is in the index too (deep pages skip rows without reading the table).
CREATE INDEX "accounts_business_name_order_idx" ON "accounts" USING btree ((lower("business_name") COLLATE "C"), "id") INCLUDE ("business_name");
--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at", "id");
--> statement-breakpoint
-- Audit log: newest first per account and over all accounts (ties by id), type and resource-prefix
-- filters (`type LIKE 'widget.%'` uses text_pattern_ops).
DROP INDEX IF EXISTS "audit_events_account_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "audit_events_created_idx";
--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "audit_events_account_type_idx" ON "audit_events" USING btree ("account_id", "type" text_pattern_ops, "created_at", "id");
--> statement-breakpoint
CREATE INDEX "audit_events_type_idx" ON "audit_events" USING btree ("type" text_pattern_ops, "created_at", "id");
--> statement-breakpoint
-- Form submissions of a bot, newest first (ties by id).
DROP INDEX IF EXISTS "form_submissions_bot_idx";
--> statement-breakpoint
CREATE INDEX "form_submissions_bot_idx" ON "form_submissions" USING btree ("bot_id", "created_at", "id");
--> statement-breakpoint
-- E-mail outbox newest first (ties by id).
DROP INDEX IF EXISTS "email_outbox_created_idx";
--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at", "id");
--> statement-breakpoint
-- Feature flags (GET /feature/flags): name substring search.
CREATE INDEX "feature_flags_name_trgm_idx" ON "feature_flags" USING gin ("name" gin_trgm_ops);
-- Analytics tables need no new index: the account table reads analytics_daily through
-- analytics_daily_account_idx (account_id, day) and the staff tables through its primary key (day, …).
