CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(15, 2) DEFAULT 0 NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"recorded_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendor_invoice_items" (
	"invoice_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"total_price" numeric(15, 2) DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "vendor_invoice_items_invoice_id_item_id_pk" PRIMARY KEY("invoice_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"project_id" uuid,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"match_status" text NOT NULL,
	"subtotal" numeric(15, 2) DEFAULT 0 NOT NULL,
	"vat_amount" numeric(15, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(15, 2) DEFAULT 0 NOT NULL,
	"amount_paid" numeric(15, 2) DEFAULT 0 NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_invoices_paid_within_total" CHECK ("vendor_invoices"."amount_paid" >= 0 and "vendor_invoices"."amount_paid" <= "vendor_invoices"."total_amount")
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"waybill_number" text NOT NULL,
	"delivered_on" date NOT NULL,
	"received_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"delivery_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"quantity_received" integer NOT NULL,
	"quantity_rejected" integer NOT NULL,
	"rejection_reason" text,
	"inventory_item_id" uuid,
	CONSTRAINT "delivery_items_delivery_id_item_id_pk" PRIMARY KEY("delivery_id","item_id"),
	CONSTRAINT "delivery_items_received_not_negative" CHECK ("delivery_items"."quantity_received" >= 0),
	CONSTRAINT "delivery_items_rejected_not_negative" CHECK ("delivery_items"."quantity_rejected" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "quantity_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "quantity_rejected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "quantity_invoiced" numeric(15, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "status" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "purchase_order_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "purchase_order_item_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoice_items" ADD CONSTRAINT "vendor_invoice_items_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "inventory_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invoices_vendor_number_key" ON "vendor_invoices" USING btree ("vendor_id",lower("invoice_number"));--> statement-breakpoint
CREATE INDEX "vendor_invoices_created_idx" ON "vendor_invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_status_created_idx" ON "vendor_invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_vendor_created_idx" ON "vendor_invoices" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_project_created_idx" ON "vendor_invoices" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_order_idx" ON "vendor_invoices" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "deliveries_order_created_idx" ON "deliveries" USING btree ("purchase_order_id","created_at","id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_invoice_idx" ON "attachments" USING btree ("invoice_id") WHERE "attachments"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "attachments_delivery_idx" ON "attachments" USING btree ("delivery_id") WHERE "attachments"."delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_orders_project_idx" ON "purchase_orders" USING btree ("project_id","approved_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","approved_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("purchase_order_id","purchase_order_item_id") WHERE "stock_movements"."purchase_order_id" is not null;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_received_not_negative" CHECK ("purchase_order_items"."quantity_received" >= 0);--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_rejected_not_negative" CHECK ("purchase_order_items"."quantity_rejected" >= 0);