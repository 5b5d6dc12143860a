CREATE TABLE "mail_sends" (
	"job_id" bigint NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_sends_job_id_recipient_pk" PRIMARY KEY("job_id","recipient")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE cascade ON UPDATE no action;