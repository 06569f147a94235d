ALTER TABLE "clients" ADD COLUMN "auto_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "renewal_runs" (
	"run_date" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text NOT NULL,
	"finished_at" timestamp with time zone,
	"quotations_drafted" integer DEFAULT 0 NOT NULL,
	"invoices_drafted" integer DEFAULT 0 NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"transitions" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "renewal_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"quotation_id" uuid,
	"invoice_id" uuid,
	"licence_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"step_days" integer NOT NULL,
	"sent_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_step_unique" UNIQUE("invoice_id","step_days")
);
--> statement-breakpoint
CREATE TABLE "licence_overdue_states" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"state" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renewal_drafts" ADD CONSTRAINT "renewal_drafts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_drafts" ADD CONSTRAINT "renewal_drafts_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_drafts" ADD CONSTRAINT "renewal_drafts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_overdue_states" ADD CONSTRAINT "licence_overdue_states_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_overdue_states" ADD CONSTRAINT "licence_overdue_states_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_drafts_client_id_idx" ON "renewal_drafts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "licence_overdue_states_client_id_idx" ON "licence_overdue_states" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "licences_renewal_idx" ON "licences" USING btree ("valid_until","client_id","licence_type");
