-- The voided invoices by status (issue 28): the invoices list's status filters read them as a
-- branch of their own beside the owing indexes.
CREATE INDEX "invoices_voided_idx" ON "invoices" USING btree ("payment_status") WHERE "invoices"."is_voided" = true;