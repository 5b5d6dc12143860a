CREATE TABLE "rfq_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "rfq_items_quantity_positive" CHECK ("rfq_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfq_vendors" (
	"rfq_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"invited_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_vendors_rfq_id_vendor_id_pk" PRIMARY KEY("rfq_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "rfqs_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"project_id" uuid,
	"status" text DEFAULT 'pending_qs_review' NOT NULL,
	"due_date" date,
	"sent_at" timestamp (3) with time zone,
	"created_by" uuid,
	"selected_vendor_id" uuid,
	"recommended_vendor_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_response_items" (
	"response_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"unit_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "vendor_response_items_response_id_item_id_pk" PRIMARY KEY("response_id","item_id"),
	CONSTRAINT "vendor_response_items_price_positive" CHECK ("vendor_response_items"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rfq_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"total_amount" numeric(15, 2) DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_responses_total_nonnegative" CHECK ("vendor_responses"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_person" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state" text,
	"category" text,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_status_known" CHECK ("vendors"."status" in ('active', 'inactive', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "rfq_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "vendor_response_id" uuid;--> statement-breakpoint
ALTER TABLE "rfq_items" ADD CONSTRAINT "rfq_items_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_vendors" ADD CONSTRAINT "rfq_vendors_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_vendors" ADD CONSTRAINT "rfq_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_selected_vendor_id_vendors_id_fk" FOREIGN KEY ("selected_vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_recommended_vendor_id_vendors_id_fk" FOREIGN KEY ("recommended_vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_response_items" ADD CONSTRAINT "vendor_response_items_response_id_vendor_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "vendor_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_response_items" ADD CONSTRAINT "vendor_response_items_item_id_rfq_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "rfq_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_responses" ADD CONSTRAINT "vendor_responses_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_responses" ADD CONSTRAINT "vendor_responses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfq_items_rfq_idx" ON "rfq_items" USING btree ("rfq_id","position");--> statement-breakpoint
CREATE INDEX "rfq_vendors_vendor_idx" ON "rfq_vendors" USING btree ("vendor_id","rfq_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfqs_number_key" ON "rfqs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "rfqs_created_idx" ON "rfqs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rfqs_status_created_idx" ON "rfqs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "rfqs_project_created_idx" ON "rfqs" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rfqs_title_trgm_idx" ON "rfqs" USING gin ("title" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendor_response_items_item_idx" ON "vendor_response_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_responses_rfq_vendor_key" ON "vendor_responses" USING btree ("rfq_id","vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_responses_vendor_idx" ON "vendor_responses" USING btree ("vendor_id","rfq_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_user_key" ON "vendors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_email_key" ON "vendors" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "vendors_name_idx" ON "vendors" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "vendors_status_name_idx" ON "vendors" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "vendors_category_name_idx" ON "vendors" USING btree ("category","name");--> statement-breakpoint
CREATE INDEX "vendors_state_name_idx" ON "vendors" USING btree ("state","name");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_vendor_response_id_vendor_responses_id_fk" FOREIGN KEY ("vendor_response_id") REFERENCES "vendor_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_rfq_idx" ON "attachments" USING btree ("rfq_id") WHERE "attachments"."rfq_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_vendor_response_idx" ON "attachments" USING btree ("vendor_response_id") WHERE "attachments"."vendor_response_id" is not null;