-- Issue 18 "Lists at scale", second pass (docs/scaling.md "Admin and analytics lists"): the staff live
-- status list (GET /bot/status) pages the Published bots of every account over partial indexes and
-- counts them from admin_list_counts ('published_bots', scope 0); the analytics tables (GET /analytics,
-- /analytics/admin) page the bots with sessions from the rollups and the others by id, count every bot
-- of the database from admin_list_counts ('all_bots'), and read one page's rollups through
-- analytics_daily_bot_day_idx.
CREATE TRIGGER "bots_published_count_ins" AFTER INSERT ON "bots" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('published_bots', '0', 'status = ''Published''');
--> statement-breakpoint
CREATE TRIGGER "bots_published_count_upd" AFTER UPDATE ON "bots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('published_bots', '0', 'status = ''Published''');
--> statement-breakpoint
CREATE TRIGGER "bots_published_count_del" AFTER DELETE ON "bots" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('published_bots', '0', 'status = ''Published''');
--> statement-breakpoint
CREATE TRIGGER "bots_published_count_trunc" AFTER TRUNCATE ON "bots" FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_truncate('published_bots', 'all_bots');
--> statement-breakpoint
-- Every bot of every account ('all_bots', scope 0): the total of the staff analytics table (GET /analytics/admin).
CREATE TRIGGER "bots_all_count_ins" AFTER INSERT ON "bots" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('all_bots', '0', 'true');
--> statement-breakpoint
CREATE TRIGGER "bots_all_count_del" AFTER DELETE ON "bots" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_list_counts_apply('all_bots', '0', 'true');
--> statement-breakpoint
INSERT INTO "admin_list_counts" (list, scope_id, shard, n)
SELECT 'published_bots', 0, 0, count(*) FROM bots WHERE status = 'Published' HAVING count(*) > 0
UNION ALL SELECT 'all_bots', 0, 0, count(*) FROM bots HAVING count(*) > 0;
--> statement-breakpoint
-- The live status orders (ties by id in the same direction): last_viewed_at desc nulls last (the
-- default) and asc nulls last, bot name, updated_at. Orders by account or by live rank stay the slow path.
CREATE INDEX "bots_published_viewed_desc_idx" ON "bots" USING btree ("last_viewed_at" DESC NULLS LAST, "id" DESC) WHERE "status" = 'Published';
--> statement-breakpoint
CREATE INDEX "bots_published_viewed_asc_idx" ON "bots" USING btree ("last_viewed_at" ASC NULLS LAST, "id" ASC) WHERE "status" = 'Published';
--> statement-breakpoint
CREATE INDEX "bots_published_name_idx" ON "bots" USING btree ((lower("name") COLLATE "C"), "id") WHERE "status" = 'Published';
--> statement-breakpoint
CREATE INDEX "bots_published_updated_idx" ON "bots" USING btree ("updated_at", "id") WHERE "status" = 'Published';
--> statement-breakpoint
-- One page's rollups by bot (live status sessions of 7 days, the analytics tables' per-page sums).
CREATE INDEX "analytics_daily_bot_day_idx" ON "analytics_daily" USING btree ("bot_id", "day");
--> statement-breakpoint
-- The analytics tables' bots without sessions in the range, by id (after / before the bots with sessions).
CREATE INDEX "bots_account_id_idx" ON "bots" USING btree ("account_id", "id");
