CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"unit" text NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_quantity_not_negative" CHECK ("inventory_items"."quantity" >= 0),
	CONSTRAINT "inventory_items_threshold_not_negative" CHECK ("inventory_items"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_item_id" uuid,
	"item_name" text NOT NULL,
	"unit" text NOT NULL,
	"project_id" uuid NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"quantity_requested" integer NOT NULL,
	"quantity_approved" integer,
	"notes" text DEFAULT '' NOT NULL,
	"store_keeper_notes" text,
	"admin_notes" text,
	"project_lead_notes" text,
	"status" text DEFAULT 'pending_store_keeper_approval' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_requests_quantity_positive" CHECK ("inventory_requests"."quantity_requested" > 0)
);
--> statement-breakpoint
CREATE TABLE "material_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"items" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending_lead_approval' NOT NULL,
	"lead_review_notes" text,
	"store_status" text,
	"store_keeper_notes" text,
	"store_timestamp" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"request_id" uuid,
	"project_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_requests" ADD CONSTRAINT "inventory_requests_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "inventory_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_requests" ADD CONSTRAINT "inventory_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_requests" ADD CONSTRAINT "inventory_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requests" ADD CONSTRAINT "material_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requests" ADD CONSTRAINT "material_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_request_id_inventory_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "inventory_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_items_created_idx" ON "inventory_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_category_created_idx" ON "inventory_items" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "inventory_items_name_trgm_idx" ON "inventory_items" USING gin ("name" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_category_trgm_idx" ON "inventory_items" USING gin ("category" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_requests_created_idx" ON "inventory_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_requests_requester_created_idx" ON "inventory_requests" USING btree ("requested_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_requests_project_created_idx" ON "inventory_requests" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_requests_item_status_idx" ON "inventory_requests" USING btree ("inventory_item_id","status");--> statement-breakpoint
CREATE INDEX "inventory_requests_status_created_idx" ON "inventory_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "material_requests_created_idx" ON "material_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "material_requests_project_created_idx" ON "material_requests" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "material_requests_requester_created_idx" ON "material_requests" USING btree ("requested_by_id","created_at","id");--> statement-breakpoint
CREATE INDEX "material_requests_status_created_idx" ON "material_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "material_requests_store_status_created_idx" ON "material_requests" USING btree ("store_status","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_item_created_idx" ON "stock_movements" USING btree ("item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_request_idx" ON "stock_movements" USING btree ("request_id");