-- The renewals view and the daily run read the product that renews each licence type (the first
-- active licence product of the type) as one index entry a type, not every licence product sorted.
CREATE INDEX "products_renewal_idx" ON "products" USING btree ("licence_type","created_at","id") WHERE "products"."category" = 'licence' and "products"."active" and "products"."licence_type" is not null;