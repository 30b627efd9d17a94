-- Trigram indexes serve the lists' "containing" filters (shared/resources: op 'contains').
-- Trusted since PostgreSQL 13, so a database owner may create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
