CREATE TABLE "rfq_openings" (
	"rfq_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_openings_rfq_id_user_id_pk" PRIMARY KEY("rfq_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "bid_deadline" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "opened_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vendor_responses" ADD COLUMN "sealed_bid" text;--> statement-breakpoint
ALTER TABLE "rfq_openings" ADD CONSTRAINT "rfq_openings_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_openings" ADD CONSTRAINT "rfq_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;