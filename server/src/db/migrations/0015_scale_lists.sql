-- Issue 18 "Lists at scale": trigram name search and order indexes for bots, media, tags, widgets,
-- and the list_counts triggers (docs/scaling.md). pg_trgm ships with PostgreSQL (contrib) and PGlite
-- (loaded in server/src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
