ALTER TABLE "budgets" ADD COLUMN "lines_json" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "documents_json" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "history_json" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
CREATE INDEX "status_history_budget_actor_idx" ON "status_history" USING btree ("actor_id") WHERE "status_history"."workflow" = 'budget';--> statement-breakpoint
-- hand-written
-- A budget's lines, documents and history, kept in its row as JSON arrays in the order they are shown, so
-- a page of budgets reads them with its rows (three lookups per budget before). Each array is rebuilt
-- from its table whenever that table changes for the budget, by the statement-level triggers below, in
-- the same transaction; a history entry carries its actor's id, name and role, rebuilt when those change.
CREATE FUNCTION "budget_lines_json"("budget" uuid) RETURNS json LANGUAGE sql STABLE AS $$
	SELECT coalesce(json_agg(to_json(i) ORDER BY i."position"), '[]'::json) FROM "budget_items" i WHERE i."budget_id" = "budget"
$$;--> statement-breakpoint
CREATE FUNCTION "budget_documents_json"("budget" uuid) RETURNS json LANGUAGE sql STABLE AS $$
	SELECT coalesce(json_agg(to_json(a) ORDER BY a."created_at", a."position", a."id"), '[]'::json) FROM "attachments" a WHERE a."budget_id" = "budget"
$$;--> statement-breakpoint
CREATE FUNCTION "budget_history_json"("budget" uuid) RETURNS json LANGUAGE sql STABLE AS $$
	SELECT coalesce(json_agg(json_build_array(to_json(h), u."id", u."name", u."role") ORDER BY h."created_at", h."id"), '[]'::json)
	FROM "status_history" h LEFT JOIN "users" u ON u."id" = h."actor_id"
	WHERE h."workflow" = 'budget' AND h."entity_id" = "budget"
$$;--> statement-breakpoint
CREATE FUNCTION "budget_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "budgets" b SET "lines_json" = "budget_lines_json"(b."id")
	WHERE b."id" IN (SELECT "budget_id" FROM "changed_rows");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "budget_lines_inserted" AFTER INSERT ON "budget_items" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "budget_lines_updated" AFTER UPDATE ON "budget_items" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "budget_lines_deleted" AFTER DELETE ON "budget_items" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_lines_changed"();--> statement-breakpoint
CREATE FUNCTION "budget_documents_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "budgets" b SET "documents_json" = "budget_documents_json"(b."id")
	WHERE b."id" IN (SELECT "budget_id" FROM "changed_rows" WHERE "budget_id" IS NOT NULL);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "budget_documents_inserted" AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "budget_documents_updated" AFTER UPDATE ON "attachments" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_documents_changed"();--> statement-breakpoint
CREATE TRIGGER "budget_documents_deleted" AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_documents_changed"();--> statement-breakpoint
CREATE FUNCTION "budget_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "budgets" b SET "history_json" = "budget_history_json"(b."id")
	WHERE b."id" IN (SELECT "entity_id" FROM "changed_rows" WHERE "workflow" = 'budget');
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "budget_history_inserted" AFTER INSERT ON "status_history" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_history_changed"();--> statement-breakpoint
-- A history row only ever loses its actor (a person removed).
CREATE TRIGGER "budget_history_updated" AFTER UPDATE ON "status_history" REFERENCING NEW TABLE AS "changed_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "budget_history_changed"();--> statement-breakpoint
CREATE FUNCTION "budget_history_actor_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "budgets" b SET "history_json" = "budget_history_json"(b."id")
	WHERE b."id" IN (SELECT "entity_id" FROM "status_history" WHERE "workflow" = 'budget' AND "actor_id" = NEW."id");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "budget_history_actor_changed" AFTER UPDATE OF "name", "role" ON "users"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."role" IS DISTINCT FROM NEW."role")
	EXECUTE FUNCTION "budget_history_actor_changed"();--> statement-breakpoint
UPDATE "budgets" SET "lines_json" = "budget_lines_json"("id"), "documents_json" = "budget_documents_json"("id"),
	"history_json" = "budget_history_json"("id");
