ALTER TABLE "quotation_items" ADD COLUMN "licence_action" text;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "renewal_licence_ids" uuid[];--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_licence_action_check" CHECK ("quotation_items"."licence_action" is null or "quotation_items"."licence_action" in ('new_keys', 'renewal'));--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "licence_action" text;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "renewal_licence_ids" uuid[];--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_licence_action_check" CHECK ("invoice_line_items"."licence_action" is null or "invoice_line_items"."licence_action" in ('new_keys', 'renewal'));--> statement-breakpoint
CREATE TABLE "licence_issuances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"licence_id" uuid,
	"licence_key" text NOT NULL,
	"action" text NOT NULL,
	"valid_until_before" timestamp with time zone,
	"valid_until_after" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "licence_issuances_line_slot_unique" UNIQUE("invoice_line_id","slot"),
	CONSTRAINT "licence_issuances_action_check" CHECK ("licence_issuances"."action" in ('issued', 'extended'))
);
--> statement-breakpoint
ALTER TABLE "licence_issuances" ADD CONSTRAINT "licence_issuances_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_issuances" ADD CONSTRAINT "licence_issuances_invoice_line_id_invoice_line_items_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_issuances" ADD CONSTRAINT "licence_issuances_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_issuances" ADD CONSTRAINT "licence_issuances_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_issuances" ADD CONSTRAINT "licence_issuances_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_issuances_invoice_id_idx" ON "licence_issuances" USING btree ("invoice_id","invoice_line_id","slot");--> statement-breakpoint
CREATE INDEX "licence_issuances_licence_id_idx" ON "licence_issuances" USING btree ("licence_id");
