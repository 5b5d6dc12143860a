CREATE TABLE "status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"remarks" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_history_entity_idx" ON "status_history" USING btree ("workflow","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "attachments_media_uploader_idx" ON "attachments" USING btree ("uploaded_by","created_at") WHERE "attachments"."kind" = 'media';--> statement-breakpoint
CREATE INDEX "daily_log_replies_author_created_idx" ON "daily_log_replies" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "daily_logs_author_created_idx" ON "daily_logs" USING btree ("author_id","created_at");