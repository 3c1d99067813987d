-- What every search statement appends to its listing, as functions: the page's product cards and the
-- categories matching the words. PL/pgSQL keeps each function's query plan for the connection's
-- lifetime, so a search no longer re-plans these joins on every request (planning them was 0.4 ms of
-- every listing statement, as much as executing a plain category page).

-- The product cards (spec §3 Product (list/card)) of the ids in a JSON array, in that order, as a
-- JSON array: card fields, the images, and the first inventory level of the first variant. Unknown ids
-- are skipped. services/catalog/product-cards.ts reads the rows (CardRow).
CREATE OR REPLACE FUNCTION product_cards(ids json) RETURNS json
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(to_json(c) ORDER BY k.ord), '[]')
    FROM json_array_elements_text(ids) WITH ORDINALITY k(id, ord)
    CROSS JOIN LATERAL (
      SELECT p.id, p.title, p.handle, v.name AS vendor, p.avg_rating, p.total_reviews, p.min_price_cents,
        p.compare_at_price_cents, p.is_featured,
        (SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.id)
           FROM product_images i WHERE i.product_id = p.id) AS images,
        lvl.level_id, lvl.variant_id, lvl.variant_price_cents, lvl.variant_compare_at_price_cents,
        lvl.variant_available_for_sale, lvl.available, lvl.bypass_negative_quantity
      FROM products p
      LEFT JOIN vendors v ON v.id = p.vendor_id
      LEFT JOIN LATERAL (
        SELECT il.id AS level_id, va.id AS variant_id, va.price_cents AS variant_price_cents,
          va.compare_at_price_cents AS variant_compare_at_price_cents,
          (va.available_for_sale AND p.available_for_sale) AS variant_available_for_sale, il.available,
          il.bypass_negative_quantity
        FROM variants va
        JOIN inventory_items ii ON ii.variant_id = va.id
        JOIN inventory_levels il ON il.inventory_item_id = ii.id
        WHERE va.product_id = p.id
        ORDER BY va.position, va.id, il.id
        LIMIT 1
      ) lvl ON true
      WHERE p.id = k.id::int
    ) c
  );
END $$;
--> statement-breakpoint
-- The categories whose titles match a tsquery (the search words and their synonyms, any of them), those
-- matching most words first, then the biggest, as a JSON array of { id, parent_id, title, handle }. The
-- title expression is that of collections_title_search_idx (migration 0004), so only matching titles
-- are read.
CREATE OR REPLACE FUNCTION collection_suggestions(words tsquery, max_rows integer) RETURNS json
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(to_json(m)), '[]') FROM (
      SELECT c.id, c.parent_id, c.title, c.handle
      FROM collections c
      WHERE to_tsvector('simple', public.search_normalize(c.title)) @@ words
      ORDER BY ts_rank(to_tsvector('simple', public.search_normalize(c.title)), words, 1) DESC, c.product_count DESC,
        c.level, c.id
      LIMIT max_rows
    ) m
  );
END $$;
