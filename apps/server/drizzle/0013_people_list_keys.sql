DROP INDEX "users_role_name_idx";--> statement-breakpoint
DROP INDEX "users_name_idx";--> statement-breakpoint
CREATE INDEX "users_active_name_idx" ON "users" USING btree ("name","id","role") WHERE "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_active_role_name_idx" ON "users" USING btree ("role","name","id") WHERE "users"."deactivated_at" is null;