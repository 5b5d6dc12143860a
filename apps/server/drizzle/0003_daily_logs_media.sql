CREATE TABLE "daily_log_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"daily_log_id" uuid NOT NULL,
	"parent_reply_id" uuid,
	"author_id" uuid,
	"author_role" text,
	"message" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'update' NOT NULL,
	"is_client_visible" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "daily_log_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "reply_id" uuid;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "kind" text DEFAULT 'task' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "media_type" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "is_client_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "processing_id" uuid;--> statement-breakpoint
ALTER TABLE "daily_log_replies" ADD CONSTRAINT "daily_log_replies_daily_log_id_daily_logs_id_fk" FOREIGN KEY ("daily_log_id") REFERENCES "daily_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_log_replies" ADD CONSTRAINT "daily_log_replies_parent_reply_id_daily_log_replies_id_fk" FOREIGN KEY ("parent_reply_id") REFERENCES "daily_log_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_log_replies" ADD CONSTRAINT "daily_log_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_logs" ADD CONSTRAINT "daily_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_logs" ADD CONSTRAINT "daily_logs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_log_replies_log_idx" ON "daily_log_replies" USING btree ("daily_log_id","created_at","id");--> statement-breakpoint
CREATE INDEX "daily_log_replies_parent_idx" ON "daily_log_replies" USING btree ("parent_reply_id");--> statement-breakpoint
CREATE INDEX "daily_logs_created_idx" ON "daily_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "daily_logs_project_created_idx" ON "daily_logs" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "daily_logs_client_visible_idx" ON "daily_logs" USING btree ("project_id","created_at","id") WHERE "daily_logs"."is_client_visible";--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_daily_log_id_daily_logs_id_fk" FOREIGN KEY ("daily_log_id") REFERENCES "daily_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_reply_id_daily_log_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "daily_log_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_log_idx" ON "attachments" USING btree ("daily_log_id");--> statement-breakpoint
CREATE INDEX "attachments_reply_idx" ON "attachments" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "attachments_media_created_idx" ON "attachments" USING btree ("created_at","id") WHERE "attachments"."kind" = 'media';--> statement-breakpoint
CREATE INDEX "attachments_media_project_idx" ON "attachments" USING btree ("project_id","created_at","id") WHERE "attachments"."kind" = 'media';--> statement-breakpoint
CREATE INDEX "attachments_media_type_idx" ON "attachments" USING btree ("project_id","media_type","created_at","id") WHERE "attachments"."kind" = 'media';--> statement-breakpoint
UPDATE "attachments" SET "media_type" = CASE
	WHEN "mime_type" LIKE 'image/%' THEN 'image'
	WHEN "mime_type" LIKE 'video/%' THEN 'video'
	ELSE 'document' END;
