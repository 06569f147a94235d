ALTER TABLE "invoices" ADD COLUMN "credited_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "debited_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE TABLE "invoice_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"note_number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"client_id" uuid,
	"client_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issue_date" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"invoice_owed_after" numeric(14, 2) NOT NULL,
	"refund_due" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(note_number || ' ' || invoice_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(client_info->>'contactPerson', ''))) STORED,
	CONSTRAINT "invoice_notes_note_number_unique" UNIQUE("note_number")
);
--> statement-breakpoint
ALTER TABLE "invoice_notes" ADD CONSTRAINT "invoice_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_notes" ADD CONSTRAINT "invoice_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_notes" ADD CONSTRAINT "invoice_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_notes_kind_created_idx" ON "invoice_notes" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_notes_invoice_id_idx" ON "invoice_notes" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_notes_client_id_idx" ON "invoice_notes" USING btree ("client_id","created_at");
