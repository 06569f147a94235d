ALTER TABLE "invoice_reminders" ADD COLUMN "sends" text DEFAULT 'email_with_pdf' NOT NULL;
