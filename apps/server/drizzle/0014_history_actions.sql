-- One vocabulary for status history: a machine's own action, or a record event (create, edit,
-- add-documents, remove-document) in the same words for every workflow. Budget history is append-only
-- and already speaks it; the RFQ and negotiation words that had drifted are rewritten.
UPDATE "status_history" SET "action" = 'create' WHERE "workflow" = 'rfq' AND "action" = 'created';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'record_response' WHERE "workflow" = 'rfq' AND "action" = 'quote_submitted';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'update_response' WHERE "workflow" = 'rfq' AND "action" = 'quote_updated';--> statement-breakpoint
UPDATE "status_history" SET "action" = 'create' WHERE "workflow" = 'negotiation' AND "from_status" IS NULL AND "action" IN ('negotiate', 'counter_negotiate');
