CREATE TABLE "einvoice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"number" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"issue_date" timestamp with time zone NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"document_json" text,
	"document_hash" text,
	"uuid" text,
	"submission_uid" text,
	"long_id" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"rejection_requested_at" timestamp with time zone,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoice_worker_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_documents_document_idx" ON "einvoice_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "einvoice_documents_status_idx" ON "einvoice_documents" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "einvoice_documents_issue_idx" ON "einvoice_documents" USING btree ("issue_date","id");
