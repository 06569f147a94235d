-- The products list at provider scale (issue 28): each order with the id, so a page walks its
-- index instead of sorting the catalogue, and the search's name and product id each with a
-- trigram index instead of reading every product.
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_name_lower_idx";--> statement-breakpoint
CREATE INDEX "products_unit_price_idx" ON "products" USING btree ("unit_price","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_product_id_trgm_idx" ON "products" USING gin (lower("product_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"),"id");