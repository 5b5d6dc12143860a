CREATE TABLE "task_baselines" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"saved_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"from_task_id" uuid NOT NULL,
	"to_task_id" uuid NOT NULL,
	"type" text NOT NULL,
	"lag_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_links_type_known" CHECK ("task_links"."type" in ('finish_to_start','start_to_start')),
	CONSTRAINT "task_links_not_self" CHECK ("task_links"."from_task_id" <> "task_links"."to_task_id")
);
--> statement-breakpoint
ALTER TABLE "task_baselines" ADD CONSTRAINT "task_baselines_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_baselines" ADD CONSTRAINT "task_baselines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_from_task_id_tasks_id_fk" FOREIGN KEY ("from_task_id") REFERENCES "tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_to_task_id_tasks_id_fk" FOREIGN KEY ("to_task_id") REFERENCES "tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_baselines_project_idx" ON "task_baselines" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_links_project_idx" ON "task_links" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_links_pair_key" ON "task_links" USING btree ("from_task_id","to_task_id");--> statement-breakpoint
CREATE INDEX "task_links_to_idx" ON "task_links" USING btree ("to_task_id");