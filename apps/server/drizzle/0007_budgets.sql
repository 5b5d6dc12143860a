CREATE TABLE "budget_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"budget_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit_price_kobo" bigint DEFAULT 0 NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "budget_items_amounts_non_negative" CHECK ("budget_items"."unit_price_kobo" >= 0 and "budget_items"."total_kobo" >= 0),
	CONSTRAINT "budget_items_quantity_positive" CHECK ("budget_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"status" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"qs_remarks" text DEFAULT '' NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_status_known" CHECK ("budgets"."status" in ('draft','pending_qs','pending_accountant','pending_admin','approved','revision_needed','rejected')),
	CONSTRAINT "budgets_total_non_negative" CHECK ("budgets"."total_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_financials" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"total_value_kobo" bigint DEFAULT 0 NOT NULL,
	"initial_payment_kobo" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_financials_amounts" CHECK ("project_financials"."total_value_kobo" >= 0 and "project_financials"."initial_payment_kobo" >= 0 and "project_financials"."initial_payment_kobo" <= "project_financials"."total_value_kobo")
);
--> statement-breakpoint
CREATE TABLE "project_installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "project_installments_amount" CHECK ("project_installments"."amount_kobo" >= 0),
	CONSTRAINT "project_installments_status" CHECK ("project_installments"."status" in ('pending','paid'))
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "budget_id" uuid;--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_financials" ADD CONSTRAINT "project_financials_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_financials" ADD CONSTRAINT "project_financials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_installments" ADD CONSTRAINT "project_installments_project_id_project_financials_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "project_financials"("project_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_items_budget_idx" ON "budget_items" USING btree ("budget_id","position");--> statement-breakpoint
CREATE INDEX "budgets_created_idx" ON "budgets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "budgets_project_created_idx" ON "budgets" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "budgets_status_created_idx" ON "budgets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "budgets_author_idx" ON "budgets" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "budgets_approved_project_idx" ON "budgets" USING btree ("project_id","total_kobo") WHERE "budgets"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "project_installments_project_idx" ON "project_installments" USING btree ("project_id","position");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_budget_idx" ON "attachments" USING btree ("budget_id");--> statement-breakpoint
-- hand-written
-- A budget's history is never changed while the budget lives: rows may only lose their actor (a person
-- removed) and be removed with the budget.
CREATE FUNCTION "budget_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW."actor_id" IS NULL AND (NEW."workflow", NEW."entity_id", NEW."action", NEW."from_status", NEW."to_status", NEW."remarks", NEW."created_at")
			IS NOT DISTINCT FROM (OLD."workflow", OLD."entity_id", OLD."action", OLD."from_status", OLD."to_status", OLD."remarks", OLD."created_at") THEN
			RETURN NEW;
		END IF;
		RAISE EXCEPTION 'budget history is never changed';
	END IF;
	IF EXISTS (SELECT 1 FROM "budgets" WHERE "id" = OLD."entity_id") THEN
		RAISE EXCEPTION 'budget history is removed only with its budget';
	END IF;
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "status_history_budget_append_only" BEFORE UPDATE OR DELETE ON "status_history"
	FOR EACH ROW WHEN (OLD."workflow" = 'budget') EXECUTE FUNCTION "budget_history_append_only"();
