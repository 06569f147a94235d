DROP INDEX "clients_created_at_idx";--> statement-breakpoint
DROP INDEX "clients_company_name_lower_idx";--> statement-breakpoint
DROP INDEX "clients_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(company_id || ' ' || company_name || ' ' || contact_person || ' ' || email || ' ' || phone || ' ' || address)) STORED;--> statement-breakpoint
CREATE INDEX "clients_created_at_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_company_name_lower_idx" ON "clients" USING btree (lower("company_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);