-- hand-written
-- A budget's kept history (history_json, see 0024) is appended to when its new entries come after every
-- kept one, as a step's entry does: rebuilding the whole array from the table read every entry of the
-- budget again, with its actor, for each step. Entries that would not come last (or tie with the last)
-- rebuild the array as before, and so does any change of an entry.
CREATE OR REPLACE FUNCTION "budget_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		WITH "added" AS (
			SELECT c."entity_id", min(c."created_at") AS "first",
				json_agg(json_build_array(to_json(c), u."id", u."name", u."role") ORDER BY c."created_at", c."id") AS "entries"
			FROM "changed_rows" c LEFT JOIN "users" u ON u."id" = c."actor_id"
			WHERE c."workflow" = 'budget'
			GROUP BY c."entity_id"
		)
		UPDATE "budgets" b SET "history_json" = CASE
			WHEN b."history_json"::text = '[]' THEN a."entries"
			WHEN a."first" > (b."history_json" -> -1 -> 0 ->> 'created_at')::timestamptz
				THEN (left(b."history_json"::text, -1) || ', ' || substr(a."entries"::text, 2))::json
			ELSE "budget_history_json"(b."id") END
		FROM "added" a WHERE b."id" = a."entity_id";
	ELSE
		UPDATE "budgets" b SET "history_json" = "budget_history_json"(b."id")
		WHERE b."id" IN (SELECT "entity_id" FROM "changed_rows" WHERE "workflow" = 'budget');
	END IF;
	RETURN NULL;
END $$;
