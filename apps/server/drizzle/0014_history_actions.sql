-- One vocabulary for status history: a machine's own action, or a record event (create, edit,
-- add_documents, remove_document) in the same words for every workflow.
UPDATE "status_history" SET "action" = 'create' WHERE "workflow" = 'rfq' AND "action" = 'created';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'record_response' WHERE "workflow" = 'rfq' AND "action" = 'quote_submitted';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'update_response' WHERE "workflow" = 'rfq' AND "action" = 'quote_updated';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'add_documents' WHERE "workflow" = 'budget' AND "action" = 'add-documents';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'remove_document' WHERE "workflow" = 'budget' AND "action" = 'remove-document';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'create' WHERE "workflow" = 'negotiation' AND "from_status" IS NULL AND "action" IN ('negotiate', 'counter_negotiate');
