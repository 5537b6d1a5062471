-- Issue 18 "Lists at scale": trigram name search and order indexes for bots, media, tags, widgets,
-- and the list_counts triggers (docs/scaling.md "Lists at 100,000 rows", "Counting"). pg_trgm ships
-- with PostgreSQL (contrib) and PGlite (loaded in server/src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Order indexes: (account_id, <order key>, id) so a page is an index walk in either direction
-- (bot.repo.ts / media.repo.ts / tag.repo.ts / widget.repo.ts pick the page's ids with ORDER BY key, id).
CREATE INDEX IF NOT EXISTS "bots_account_created_id_idx" ON "bots" ("account_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bots_account_updated_id_idx" ON "bots" ("account_id", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bots_account_lower_name_idx" ON "bots" ("account_id", (lower("name") COLLATE "C"), "id");
--> statement-breakpoint
-- Published bots of an account (widget bot counts, carousels) and the status order's segments.
CREATE INDEX IF NOT EXISTS "bots_account_status_idx" ON "bots" ("account_id", "status", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bots_name_trgm_idx" ON "bots" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- Media lists show rows with replaces_id IS NULL only (replacement uploads are hidden): partial indexes.
CREATE INDEX IF NOT EXISTS "media_list_created_idx" ON "media" ("account_id", "created_at", "id") WHERE "replaces_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_list_updated_idx" ON "media" ("account_id", "updated_at", "id") WHERE "replaces_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_list_name_idx" ON "media" ("account_id", "name", "id") WHERE "replaces_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_list_duration_idx" ON "media" ("account_id", "duration", "id") WHERE "replaces_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_list_status_idx" ON "media" ("account_id", "status", "id") WHERE "replaces_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_list_type_idx" ON "media" ("account_id", "type", "id") WHERE "replaces_id" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_name_trgm_idx" ON "media" USING gin ("name" gin_trgm_ops) WHERE "replaces_id" IS NULL;
--> statement-breakpoint
-- Replacement rows of a media (listReplacements, the cascade of a media delete).
CREATE INDEX IF NOT EXISTS "media_replaces_idx" ON "media" ("replaces_id") WHERE "replaces_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tags_account_lower_name_idx" ON "tags" ("account_id", (lower("name") COLLATE "C"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "widgets_account_created_id_idx" ON "widgets" ("account_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "widgets_name_trgm_idx" ON "widgets" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- Revisions by bot / widget (deleting a bot cascades to its revisions: without this, a scan per bot).
CREATE INDEX IF NOT EXISTS "bot_revisions_bot_idx" ON "bot_revisions" ("bot_id");
--> statement-breakpoint
-- list_counts (schema.scale.ts): one row per (account, list key), kept exact by the statement-level
-- triggers below, in the same transaction as the rows. Keys:
--   'bots', 'tags', 'widgets'      every row of the account;
--   'media'                        rows with replaces_id IS NULL (what the media list shows);
--   'media:<kind>'                 the same, of one kind (the media_types filter);
--   'media:ReadyImage'             the same, Ready images with a playback file (avatar.repo.ts talking photos).
-- A key's row is created by the first insert that counts for it; a missing row means 0.
-- list_counts_apply(deltas) adds signed deltas, locking counter rows in (account_id, list) order
-- (no deadlock between two statements of one account). A negative delta never creates a row: it only
-- arises for rows whose counter row exists, or for an account being deleted (its counters go with it).
CREATE OR REPLACE FUNCTION list_counts_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_counts AS c (account_id, list, n)
  SELECT d.account_id, d.list, d.k
  FROM jsonb_to_recordset(deltas) AS d(account_id integer, list text, k bigint)
  WHERE d.k > 0 OR EXISTS (SELECT 1 FROM list_counts x WHERE x.account_id = d.account_id AND x.list = d.list)
  ORDER BY d.account_id, d.list
  ON CONFLICT (account_id, list) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_simple() RETURNS trigger LANGUAGE plpgsql AS $$
-- bots, tags, widgets: key TG_ARGV[0] counts every row of the account.
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'list', TG_ARGV[0], 'k', k)) INTO deltas
    FROM (SELECT account_id, count(*) AS k FROM new_rows GROUP BY account_id) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'list', TG_ARGV[0], 'k', -k)) INTO deltas
    FROM (SELECT account_id, count(*) AS k FROM old_rows GROUP BY account_id) s;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'list', TG_ARGV[0], 'k', k)) INTO deltas
    FROM (SELECT account_id, sum(k) AS k FROM (
            SELECT account_id, 1 AS k FROM new_rows UNION ALL SELECT account_id, -1 FROM old_rows) u
          GROUP BY account_id HAVING sum(k) <> 0) s;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM list_counts_apply(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_media() RETURNS trigger LANGUAGE plpgsql AS $$
-- media: 'media', 'media:<kind>' and 'media:ReadyImage' (see above); an UPDATE writes only changed keys.
-- Rows are first grouped by what decides their keys, so a bulk statement handles a few groups.
DECLARE groups jsonb; deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(g) INTO groups FROM (
      SELECT account_id, type, (status = 'Ready' AND playback_key IS NOT NULL) AS ready, count(*) AS k
      FROM new_rows WHERE replaces_id IS NULL GROUP BY 1, 2, 3) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(g) INTO groups FROM (
      SELECT account_id, type, (status = 'Ready' AND playback_key IS NOT NULL) AS ready, -count(*) AS k
      FROM old_rows WHERE replaces_id IS NULL GROUP BY 1, 2, 3) g;
  ELSE
    SELECT jsonb_agg(g) INTO groups FROM (
      SELECT account_id, type, ready, sum(k) AS k FROM (
        SELECT account_id, type, (status = 'Ready' AND playback_key IS NOT NULL) AS ready, 1 AS k FROM new_rows WHERE replaces_id IS NULL
        UNION ALL
        SELECT account_id, type, (status = 'Ready' AND playback_key IS NOT NULL), -1 FROM old_rows WHERE replaces_id IS NULL) u
      GROUP BY 1, 2, 3 HAVING sum(k) <> 0) g;
  END IF;
  IF groups IS NULL THEN RETURN NULL; END IF;
  SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'list', list, 'k', k)) INTO deltas
  FROM (
    SELECT g.account_id, key AS list, sum(g.k) AS k
    FROM jsonb_to_recordset(groups) AS g(account_id integer, type text, ready boolean, k bigint),
      LATERAL unnest(ARRAY['media', 'media:' || g.type]
        || CASE WHEN g.ready AND g.type IN ('SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage')
                THEN ARRAY['media:ReadyImage'] ELSE ARRAY[]::text[] END) AS key
    GROUP BY 1, 2 HAVING sum(g.k) <> 0) s;
  IF deltas IS NOT NULL THEN PERFORM list_counts_apply(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
-- TRUNCATE of a counted table: its keys (TG_ARGV[0] exactly, or as a 'key:' prefix) go to 0 (no row).
BEGIN
  DELETE FROM list_counts WHERE list = TG_ARGV[0] OR list LIKE TG_ARGV[0] || ':%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bots_list_counts_ins" AFTER INSERT ON "bots" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('bots');
--> statement-breakpoint
CREATE TRIGGER "bots_list_counts_upd" AFTER UPDATE ON "bots" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('bots');
--> statement-breakpoint
CREATE TRIGGER "bots_list_counts_del" AFTER DELETE ON "bots" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('bots');
--> statement-breakpoint
CREATE TRIGGER "bots_list_counts_trunc" AFTER TRUNCATE ON "bots"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate('bots');
--> statement-breakpoint
CREATE TRIGGER "tags_list_counts_ins" AFTER INSERT ON "tags" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('tags');
--> statement-breakpoint
CREATE TRIGGER "tags_list_counts_upd" AFTER UPDATE ON "tags" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('tags');
--> statement-breakpoint
CREATE TRIGGER "tags_list_counts_del" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('tags');
--> statement-breakpoint
CREATE TRIGGER "tags_list_counts_trunc" AFTER TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate('tags');
--> statement-breakpoint
CREATE TRIGGER "widgets_list_counts_ins" AFTER INSERT ON "widgets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('widgets');
--> statement-breakpoint
CREATE TRIGGER "widgets_list_counts_upd" AFTER UPDATE ON "widgets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('widgets');
--> statement-breakpoint
CREATE TRIGGER "widgets_list_counts_del" AFTER DELETE ON "widgets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_simple('widgets');
--> statement-breakpoint
CREATE TRIGGER "widgets_list_counts_trunc" AFTER TRUNCATE ON "widgets"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate('widgets');
--> statement-breakpoint
CREATE TRIGGER "media_list_counts_ins" AFTER INSERT ON "media" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_media();
--> statement-breakpoint
CREATE TRIGGER "media_list_counts_upd" AFTER UPDATE ON "media" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_media();
--> statement-breakpoint
CREATE TRIGGER "media_list_counts_del" AFTER DELETE ON "media" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_media();
--> statement-breakpoint
CREATE TRIGGER "media_list_counts_trunc" AFTER TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate('media');
--> statement-breakpoint
-- Backfill: the counters of the rows that exist now (same keys as the triggers).
DELETE FROM list_counts WHERE list IN ('bots', 'tags', 'widgets') OR list = 'media' OR list LIKE 'media:%';
--> statement-breakpoint
INSERT INTO list_counts (account_id, list, n)
SELECT account_id, 'bots', count(*) FROM bots GROUP BY account_id
UNION ALL SELECT account_id, 'tags', count(*) FROM tags GROUP BY account_id
UNION ALL SELECT account_id, 'widgets', count(*) FROM widgets GROUP BY account_id
UNION ALL SELECT account_id, key, count(*) FROM media,
  LATERAL unnest(ARRAY['media', 'media:' || type]
    || CASE WHEN status = 'Ready' AND playback_key IS NOT NULL AND type IN ('SlideImage', 'LogoImage', 'CoverImage', 'ProfileImage')
            THEN ARRAY['media:ReadyImage'] ELSE ARRAY[]::text[] END) AS key
  WHERE replaces_id IS NULL GROUP BY account_id, key;
