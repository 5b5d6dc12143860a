CREATE TABLE "notification_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_counters" ADD CONSTRAINT "notification_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "notification_counters_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "notification_counters" AS c ("user_id", "total", "unread")
	SELECT "user_id", count(*), count(*) FILTER (WHERE "read_at" IS NULL) FROM new_rows GROUP BY "user_id"
	ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total", "unread" = c."unread" + excluded."unread";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "notification_counters_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "notification_counters" AS c SET "unread" = c."unread" + d."delta"
	FROM (
		SELECT o."user_id", sum((n."read_at" IS NULL)::int - (o."read_at" IS NULL)::int) AS "delta"
		FROM old_rows o JOIN new_rows n ON n."user_id" = o."user_id" AND n."notification_id" = o."notification_id"
		GROUP BY o."user_id"
	) d
	WHERE c."user_id" = d."user_id" AND d."delta" <> 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "notification_counters_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "notification_counters" AS c SET "total" = c."total" - d."total", "unread" = c."unread" - d."unread"
	FROM (
		SELECT "user_id", count(*) AS "total", count(*) FILTER (WHERE "read_at" IS NULL) AS "unread"
		FROM old_rows GROUP BY "user_id"
	) d
	WHERE c."user_id" = d."user_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notification_counters_insert" AFTER INSERT ON "notification_recipients"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counters_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "notification_counters_update" AFTER UPDATE ON "notification_recipients"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counters_on_update"();
--> statement-breakpoint
CREATE TRIGGER "notification_counters_delete" AFTER DELETE ON "notification_recipients"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counters_on_delete"();
--> statement-breakpoint
INSERT INTO "notification_counters" ("user_id", "total", "unread")
SELECT "user_id", count(*), count(*) FILTER (WHERE "read_at" IS NULL) FROM "notification_recipients" GROUP BY "user_id";
