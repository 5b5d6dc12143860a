CREATE TABLE "auto_login_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"rfq_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "negotiation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"negotiation_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"original_unit_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"original_total_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"negotiated_unit_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"negotiated_total_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"counter_unit_price" numeric(15, 2),
	"counter_total_price" numeric(15, 2),
	CONSTRAINT "negotiation_items_price_positive" CHECK ("negotiation_items"."negotiated_unit_price" > 0),
	CONSTRAINT "negotiation_items_counter_positive" CHECK ("negotiation_items"."counter_unit_price" is null or "negotiation_items"."counter_unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "negotiations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "negotiations_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rfq_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"negotiated_by" uuid,
	"status" text DEFAULT 'pending_vendor_response' NOT NULL,
	"is_counter_offer" boolean DEFAULT false NOT NULL,
	"original_negotiation_id" uuid,
	"original_total" numeric(15, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(15, 2) DEFAULT 0 NOT NULL,
	"notes" text NOT NULL,
	"rejection_reason" text,
	"counter_total" numeric(15, 2),
	"counter_notes" text,
	"responded_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiations_status_known" CHECK ("negotiations"."status" in ('pending_vendor_response', 'vendor_accepted', 'vendor_rejected', 'vendor_counter_offered')),
	CONSTRAINT "negotiations_total_positive" CHECK ("negotiations"."total_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_items" (
	"purchase_order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"price_source" text NOT NULL,
	CONSTRAINT "purchase_order_items_purchase_order_id_item_id_pk" PRIMARY KEY("purchase_order_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "purchase_orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rfq_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"project_id" uuid,
	"negotiation_id" uuid,
	"total_amount" numeric(15, 2) DEFAULT 0 NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auto_login_links" ADD CONSTRAINT "auto_login_links_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_login_links" ADD CONSTRAINT "auto_login_links_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_login_links" ADD CONSTRAINT "auto_login_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_items" ADD CONSTRAINT "negotiation_items_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "negotiations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_items" ADD CONSTRAINT "negotiation_items_item_id_rfq_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "rfq_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_negotiated_by_users_id_fk" FOREIGN KEY ("negotiated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_original_negotiation_id_negotiations_id_fk" FOREIGN KEY ("original_negotiation_id") REFERENCES "negotiations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "negotiations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_login_links_token_key" ON "auto_login_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auto_login_links_vendor_rfq_idx" ON "auto_login_links" USING btree ("vendor_id","rfq_id");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiation_items_item_key" ON "negotiation_items" USING btree ("negotiation_id","item_id");--> statement-breakpoint
CREATE INDEX "negotiation_items_item_idx" ON "negotiation_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_number_key" ON "negotiations" USING btree ("number");--> statement-breakpoint
CREATE INDEX "negotiations_rfq_vendor_idx" ON "negotiations" USING btree ("rfq_id","vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "negotiations_vendor_idx" ON "negotiations" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "negotiations_one_awaiting_key" ON "negotiations" USING btree ("rfq_id","vendor_id") WHERE status = 'pending_vendor_response';--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_key" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_rfq_key" ON "purchase_orders" USING btree ("rfq_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_approved_idx" ON "purchase_orders" USING btree ("approved_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_idx" ON "purchase_orders" USING btree ("vendor_id","approved_at","id");