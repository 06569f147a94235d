-- The clients list's pages walk ids only (clients.repo findDirectoryPage), so each order must be
-- an index-only walk: the created order's index holds its key, and the name order's indexes carry
-- company_name (INCLUDE, which the schema cannot express), without which PostgreSQL reads every
-- skipped row from the table to compute lower(company_name). Per active state likewise, so a page
-- of the active or inactive clients walks only them.
DROP INDEX "clients_company_name_lower_idx";--> statement-breakpoint
CREATE INDEX "clients_company_name_lower_idx" ON "clients" USING btree (lower("company_name"),"id") INCLUDE ("company_name");--> statement-breakpoint
CREATE INDEX "clients_active_created_at_idx" ON "clients" USING btree ("active","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_active_company_name_lower_idx" ON "clients" USING btree ("active",lower("company_name"),"id") INCLUDE ("company_name");
