DROP INDEX "negotiations_number_key";--> statement-breakpoint
ALTER TABLE "negotiations" ALTER COLUMN "number" DROP IDENTITY;--> statement-breakpoint
UPDATE "negotiations" AS n SET "number" = r.round
  FROM (SELECT id, row_number() OVER (PARTITION BY rfq_id, vendor_id ORDER BY created_at, "number") AS round
    FROM "negotiations") AS r
  WHERE r.id = n.id;--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_rfq_vendor_number_key" ON "negotiations" USING btree ("rfq_id","vendor_id","number");