-- The audit trail is append-only and hash-chained (docs/audit-trail.md). Each row carries its
-- place in the chain (seq), the hash of the row before it and its own SHA-256 over its canonical
-- serialisation, which includes that previous hash. The database links every row itself, at
-- commit, so no writer (any process, any release, a seed script) can leave one out.
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_actor_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_idx" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));--> statement-breakpoint
-- Canonical JSON: keys sorted by code point, no whitespace, numbers as JSON strings of their
-- decimal text, strings escaped as JSON does.
CREATE FUNCTION "audit_canonical_json"(value jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'object' THEN
      RETURN '{' || coalesce((
        SELECT string_agg(to_json(key)::text || ':' || audit_canonical_json(item), ',' ORDER BY key COLLATE "C")
        FROM jsonb_each(value) AS entries(key, item)
      ), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((
        SELECT string_agg(audit_canonical_json(item), ',' ORDER BY position)
        FROM jsonb_array_elements(value) WITH ORDINALITY AS elements(item, position)
      ), '') || ']';
    WHEN 'number' THEN
      RETURN to_json(value #>> '{}')::text;
    ELSE
      RETURN value::text;
  END CASE;
END
$$;--> statement-breakpoint
CREATE FUNCTION "audit_row_hash"(entry "audit_log", entry_seq bigint, previous text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(audit_canonical_json(jsonb_build_object(
    'seq', entry_seq::text,
    'id', entry.id::text,
    'createdAt', to_char(entry.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actorId', entry.actor_id::text,
    'action', entry.action,
    'entityType', entry.entity_type,
    'entityId', entry.entity_id,
    'requestId', entry.request_id,
    'changes', entry.changes,
    'prevHash', previous
  )), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Runs at commit (deferred): the chain head is locked only while the transaction commits, after
-- every other lock it takes, so appends from many processes queue briefly and never deadlock.
CREATE FUNCTION "audit_log_link"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_seq bigint;
  previous text;
  linked text;
BEGIN
  UPDATE audit_chain_head SET seq = seq + 1 WHERE id = 1 RETURNING seq, hash INTO next_seq, previous;
  linked := audit_row_hash(NEW, next_seq, previous);
  UPDATE audit_log SET seq = next_seq, prev_hash = previous, hash = linked WHERE id = NEW.id;
  UPDATE audit_chain_head SET hash = linked WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Existing rows join the chain first, oldest first.
DO $$
DECLARE
  entry audit_log;
  next_seq bigint := 0;
  previous text := repeat('0', 64);
  linked text;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY created_at, id LOOP
    next_seq := next_seq + 1;
    linked := audit_row_hash(entry, next_seq, previous);
    UPDATE audit_log SET seq = next_seq, prev_hash = previous, hash = linked WHERE id = entry.id;
    previous := linked;
  END LOOP;
  UPDATE audit_chain_head SET seq = next_seq, hash = previous WHERE id = 1;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_link" AFTER INSERT ON "audit_log"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "audit_log_link"();--> statement-breakpoint
-- Append-only: only the linking above may touch a stored row.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
