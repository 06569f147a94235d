ALTER TABLE "einvoice_documents" ADD COLUMN "consolidated_into" uuid;--> statement-breakpoint
CREATE INDEX "einvoice_documents_consolidated_idx" ON "einvoice_documents" USING btree ("consolidated_into");
