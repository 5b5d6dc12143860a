CREATE TABLE "change_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"description" text NOT NULL,
	"reason" text NOT NULL,
	"items" jsonb NOT NULL,
	"total_kobo" bigint NOT NULL,
	"schedule_impact_days" integer DEFAULT 0 NOT NULL,
	"internal_notes" text DEFAULT '' NOT NULL,
	"installment_amount_kobo" bigint,
	"installment_due_date" date,
	"created_by" uuid,
	"sent_at" timestamp with time zone,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"signed_name" text,
	"decline_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_orders_status" CHECK ("change_orders"."status" in ('draft','sent_to_client','approved','declined','withdrawn')),
	CONSTRAINT "change_orders_amounts" CHECK ("change_orders"."total_kobo" >= 0 and coalesce("change_orders"."installment_amount_kobo", 1) > 0),
	CONSTRAINT "change_orders_sequence" CHECK ("change_orders"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "change_order_id" uuid;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_project_sequence_idx" ON "change_orders" USING btree ("project_id","sequence");--> statement-breakpoint
CREATE INDEX "change_orders_project_created_idx" ON "change_orders" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "change_orders_approved_project_idx" ON "change_orders" USING btree ("project_id","total_kobo") WHERE "change_orders"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_change_order_idx" ON "attachments" USING btree ("change_order_id") WHERE "attachments"."change_order_id" is not null;