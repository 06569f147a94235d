-- The audit chain's link runs once per audit row at commit. Its statements find rows by key, but
-- PL/pgSQL keeps a generic plan, chosen from the statistics of the moment: on a table analysed
-- while nearly empty (a new database; a server without autovacuum), that plan scans audit_log
-- for every row it links, so each commit costs more as the trail grows. Planned for each call,
-- the lookups use their indexes whatever the statistics say.
ALTER FUNCTION "audit_log_link"() SET plan_cache_mode = force_custom_plan;--> statement-breakpoint
-- Canonical JSON (as 0018 defines it, output unchanged): scalars inside an object or array are
-- written in place instead of through a call of this function each, which a quotation's audit
-- entry (its lines, each naming up to 1,000 renewed keys) made thousands of calls deep.
CREATE OR REPLACE FUNCTION "audit_canonical_json"(value jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE jsonb_typeof(value)
    WHEN 'object' THEN
      RETURN '{' || coalesce((
        SELECT string_agg(to_json(key)::text || ':' || (CASE jsonb_typeof(item)
            WHEN 'object' THEN audit_canonical_json(item)
            WHEN 'array' THEN audit_canonical_json(item)
            WHEN 'number' THEN to_json(item #>> '{}')::text
            ELSE item::text
          END), ',' ORDER BY key COLLATE "C")
        FROM jsonb_each(value) AS entries(key, item)
      ), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((
        SELECT string_agg(CASE jsonb_typeof(item)
            WHEN 'object' THEN audit_canonical_json(item)
            WHEN 'array' THEN audit_canonical_json(item)
            WHEN 'number' THEN to_json(item #>> '{}')::text
            ELSE item::text
          END, ',' ORDER BY position)
        FROM jsonb_array_elements(value) WITH ORDINALITY AS elements(item, position)
      ), '') || ']';
    WHEN 'number' THEN
      RETURN to_json(value #>> '{}')::text;
    ELSE
      RETURN value::text;
  END CASE;
END
$$;
