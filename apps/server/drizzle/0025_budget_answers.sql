-- hand-written: UNLOGGED, as its rows are derived from the budgets and rebuilt when missing.
CREATE UNLOGGED TABLE "budget_answers" (
	"budget_id" uuid PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_answers" ADD CONSTRAINT "budget_answers_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE cascade ON UPDATE no action;