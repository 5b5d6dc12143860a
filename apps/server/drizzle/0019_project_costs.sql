CREATE TABLE "cost_alerts" (
	"project_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_alerts_project_id_category_pk" PRIMARY KEY("project_id","category")
);
--> statement-breakpoint
ALTER TABLE "budget_items" ADD COLUMN "category" text DEFAULT 'Materials' NOT NULL;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "cost_category" text DEFAULT 'Materials' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "spent_derived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "unit_cost_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "unit_cost_kobo" bigint;--> statement-breakpoint
ALTER TABLE "cost_alerts" ADD CONSTRAINT "cost_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_project_idx" ON "stock_movements" USING btree ("project_id","item_id","kind") WHERE "stock_movements"."project_id" is not null;