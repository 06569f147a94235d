ALTER TABLE "payment_entries" ALTER COLUMN "status" SET DEFAULT 'pending_validation';--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "validated_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "validated_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "rejected_by_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "rejected_by" text;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_rejected_by_id_users_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Entries recorded before the ledger: the old default and the validated ones' time and validator.
UPDATE "payment_entries" SET "status" = 'pending_validation' WHERE "status" = 'pending';--> statement-breakpoint
UPDATE "payment_entries" AS e SET "validated_at" = i."validated_at", "validated_by" = i."validated_by"
FROM "invoices" AS i WHERE e."invoice_id" = i."id" AND e."status" = 'validated';--> statement-breakpoint
UPDATE "invoices" AS i SET "validated_amount" = v."amount"
FROM (SELECT "invoice_id", sum("amount") AS "amount" FROM "payment_entries" WHERE "status" = 'validated' GROUP BY 1) AS v
WHERE v."invoice_id" = i."id";
