-- A catalog import that changes stock records each change in the variant's stock history (reason "import").
ALTER TABLE "stock_adjustments" DROP CONSTRAINT IF EXISTS "stock_adjustments_reason_known";--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_reason_known" CHECK ("stock_adjustments"."reason" in ('received', 'damaged', 'count_correction', 'other', 'bulk_set', 'product_edit', 'import'));
