ALTER TABLE "notification_counters" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_counters" DROP CONSTRAINT "notification_counters_pkey";--> statement-breakpoint
ALTER TABLE "notification_counters" ADD CONSTRAINT "notification_counters_user_id_slot_pk" PRIMARY KEY("user_id","slot");--> statement-breakpoint
-- A person's totals are the sums of their rows. New notifications and read changes are added to the
-- row of the connection's own slot (its backend's pid modulo 16), so concurrent transactions that
-- notify the same people touch different rows; rows are locked in the order of the people's ids.
CREATE OR REPLACE FUNCTION "notification_counters_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "notification_counters" AS c ("user_id", "slot", "total", "unread")
	SELECT "user_id", (pg_backend_pid() % 16)::smallint, count(*), count(*) FILTER (WHERE "read_at" IS NULL)
	FROM new_rows GROUP BY "user_id" ORDER BY "user_id"
	ON CONFLICT ("user_id", "slot") DO UPDATE SET "total" = c."total" + excluded."total", "unread" = c."unread" + excluded."unread";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notification_counters_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "notification_counters" AS c ("user_id", "slot", "total", "unread")
	SELECT o."user_id", (pg_backend_pid() % 16)::smallint, 0, sum((n."read_at" IS NULL)::int - (o."read_at" IS NULL)::int)
	FROM old_rows o JOIN new_rows n ON n."user_id" = o."user_id" AND n."notification_id" = o."notification_id"
	GROUP BY o."user_id"
	HAVING sum((n."read_at" IS NULL)::int - (o."read_at" IS NULL)::int) <> 0
	ORDER BY o."user_id"
	ON CONFLICT ("user_id", "slot") DO UPDATE SET "unread" = c."unread" + excluded."unread";
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Removals (rare, and cascaded when a person is removed) change a row the person already has, the
-- lowest slot: a new row for a person being removed would refer to nobody.
CREATE OR REPLACE FUNCTION "notification_counters_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "notification_counters" AS c SET "total" = c."total" - d."total", "unread" = c."unread" - d."unread"
	FROM (
		SELECT "user_id", count(*) AS "total", count(*) FILTER (WHERE "read_at" IS NULL) AS "unread"
		FROM old_rows GROUP BY "user_id"
	) d
	WHERE c."user_id" = d."user_id"
		AND c."slot" = (SELECT min(s."slot") FROM "notification_counters" s WHERE s."user_id" = d."user_id");
	RETURN NULL;
END $$;
