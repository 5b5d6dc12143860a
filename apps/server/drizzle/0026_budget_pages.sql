-- hand-written: UNLOGGED, as its rows are derived from the budgets and rebuilt when missing.
CREATE UNLOGGED TABLE "budget_pages" (
	"project_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"stamp" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "budget_pages_project_id_scope_pk" PRIMARY KEY("project_id","scope")
);
--> statement-breakpoint
ALTER TABLE "budget_pages" ADD CONSTRAINT "budget_pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;