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
ALTER TABLE "purchase_order_items" ADD COLUMN "quantity_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "quantity_rejected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "status" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "purchase_order_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "purchase_order_item_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "inventory_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_order_created_idx" ON "deliveries" USING btree ("purchase_order_id","created_at","id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_delivery_idx" ON "attachments" USING btree ("delivery_id") WHERE "attachments"."delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_orders_project_idx" ON "purchase_orders" USING btree ("project_id","approved_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","approved_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("purchase_order_id","purchase_order_item_id") WHERE "stock_movements"."purchase_order_id" is not null;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_received_not_negative" CHECK ("purchase_order_items"."quantity_received" >= 0);--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_rejected_not_negative" CHECK ("purchase_order_items"."quantity_rejected" >= 0);