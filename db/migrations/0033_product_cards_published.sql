-- The product cards of the ids in a JSON array, in that order, published products only: a shopper's
-- recently viewed list, an order's related products and an equipment diagram's parts showed the card of a
-- product the store had taken off sale (or not yet put on). Listings only ever ask for published ones.
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
      WHERE p.id = k.id::int AND p.published_at IS NOT NULL AND p.published_at <= now()
    ) c
  );
END $$;
