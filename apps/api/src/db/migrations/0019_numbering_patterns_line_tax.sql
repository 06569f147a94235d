CREATE TABLE "document_number_patterns" (
	"kind" text NOT NULL,
	"pattern" text NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_number_patterns_kind_pattern_pk" PRIMARY KEY("kind","pattern")
);
--> statement-breakpoint
-- Every number already issued counts: the highest sequence of each pattern ('INV-MP-2026').
INSERT INTO "document_number_patterns" ("kind", "pattern", "last_sequence")
SELECT "kind", "pattern", least(max("sequence"), 2147483647)::integer
FROM (
	SELECT 'product' AS "kind", substring("product_id" from '^(.*)-[0-9]+$') AS "pattern", substring("product_id" from '-([0-9]+)$')::numeric AS "sequence" FROM "products"
	UNION ALL
	SELECT 'quotation', substring("quotation_number" from '^(.*)-[0-9]+$'), substring("quotation_number" from '-([0-9]+)$')::numeric FROM "quotations"
	UNION ALL
	SELECT 'invoice', substring("invoice_number" from '^(.*)-[0-9]+$'), substring("invoice_number" from '-([0-9]+)$')::numeric FROM "invoices"
	UNION ALL
	SELECT 'receipt', substring("receipt_number" from '^(.*)-[0-9]+$'), substring("receipt_number" from '-([0-9]+)$')::numeric FROM "receipts"
) AS "issued"
WHERE "pattern" IS NOT NULL
GROUP BY "kind", "pattern";
--> statement-breakpoint
-- The single SST rate of earlier settings is the service tax rate (8 percent): 'SST' becomes
-- SERVICE_TAX, and the settings gain the sales tax rate and the SST registration number.
UPDATE "company_settings" SET "settings" = jsonb_set(
	"settings",
	'{taxSettings}',
	coalesce("settings"->'taxSettings', '{}'::jsonb)
		|| jsonb_build_object(
			'defaultTaxType',
			CASE coalesce("settings"->'taxSettings'->>'defaultTaxType', 'SST')
				WHEN 'SST' THEN 'SERVICE_TAX'
				ELSE "settings"->'taxSettings'->>'defaultTaxType'
			END,
			'salesTaxPercentage', coalesce("settings"->'taxSettings'->'salesTaxPercentage', '10'::jsonb),
			'sstRegistrationNumber', coalesce("settings"->'taxSettings'->'sstRegistrationNumber', '""'::jsonb)
		)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_type" text DEFAULT 'SERVICE_TAX' NOT NULL;--> statement-breakpoint
-- Taxable products take the settings' SST kind; the others are exempt.
UPDATE "products" SET "tax_type" = CASE
	WHEN NOT "taxable" THEN 'EXEMPT'
	WHEN (SELECT "settings"->'taxSettings'->>'defaultTaxType' FROM "company_settings" WHERE "id" = 1) = 'SALES_TAX' THEN 'SALES_TAX'
	ELSE 'SERVICE_TAX'
END;
--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "tax_type" text DEFAULT 'EXEMPT' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "tax_rate" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "tax_type" text DEFAULT 'EXEMPT' NOT NULL;--> statement-breakpoint
-- Lines of existing documents keep what was charged: the document's rate on every line, its tax
-- spread over the lines with the rounding carried by the last one (as invoices already store it).
WITH "kind" AS (
	SELECT CASE WHEN (SELECT "settings"->'taxSettings'->>'defaultTaxType' FROM "company_settings" WHERE "id" = 1) = 'SALES_TAX' THEN 'SALES_TAX' ELSE 'SERVICE_TAX' END AS "tax_type"
), "lines" AS (
	SELECT "item"."id", "quotation"."tax_rate", "quotation"."tax_amount" AS "document_tax",
		round("item"."line_total" * "quotation"."tax_rate", 2) AS "own_tax",
		sum(round("item"."line_total" * "quotation"."tax_rate", 2)) OVER (PARTITION BY "item"."quotation_id") AS "own_total",
		row_number() OVER (PARTITION BY "item"."quotation_id" ORDER BY "item"."position" DESC, "item"."id" DESC) AS "from_last"
	FROM "quotation_items" AS "item" JOIN "quotations" AS "quotation" ON "quotation"."id" = "item"."quotation_id"
)
UPDATE "quotation_items" AS "item" SET
	"tax_type" = CASE WHEN "lines"."tax_rate" > 0 THEN (SELECT "tax_type" FROM "kind") ELSE 'EXEMPT' END,
	"tax_rate" = "lines"."tax_rate",
	"tax_amount" = CASE WHEN "lines"."from_last" = 1 THEN "lines"."own_tax" + "lines"."document_tax" - "lines"."own_total" ELSE "lines"."own_tax" END
FROM "lines" WHERE "lines"."id" = "item"."id";
--> statement-breakpoint
UPDATE "invoice_line_items" SET "tax_type" = CASE
	WHEN "tax_rate" > 0 AND (SELECT "settings"->'taxSettings'->>'defaultTaxType' FROM "company_settings" WHERE "id" = 1) = 'SALES_TAX' THEN 'SALES_TAX'
	WHEN "tax_rate" > 0 THEN 'SERVICE_TAX'
	ELSE 'EXEMPT'
END;
