-- The figures' rollups (docs/decisions/0083), kept by the database in the transaction of every
-- write to the orders, their lines and the events: new rows add to their hours; a change or a
-- deletion has every hour it touched summed again from its rows. A rollup is always the sum of
-- the rows behind it.

-- The hour of UTC an instant falls in, whatever the session's time zone.
CREATE FUNCTION insight_hour(instant timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('1 hour', instant, timestamptz '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint

-- Writers of the same hours take turns: each hour's lock, in order of hours, or one lock for
-- everything when a write touches many hours (a rebuild, a bulk import).
CREATE FUNCTION insight_lock_hours(hours timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  each_hour timestamptz;
BEGIN
  IF cardinality(hours) > 500 THEN
    PERFORM pg_advisory_xact_lock(830, 0);
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(830, 0);
  FOR each_hour IN SELECT DISTINCT h FROM unnest(hours) AS h WHERE h IS NOT NULL ORDER BY h LOOP
    PERFORM pg_advisory_xact_lock(831, (extract(epoch FROM each_hour) / 3600)::integer);
  END LOOP;
END
$$;
--> statement-breakpoint

-- A page view of a page that sells (core/insight.ts, productPagePaths and communityPathPrefix).
CREATE FUNCTION insight_is_product_view(name text, path text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT name = 'page_view' AND (
    path IN ('/our-olive-oils', '/holiday-collection', '/become-a-member', '/restaurants')
    OR path LIKE '/community/%'
  )
$$;
--> statement-breakpoint

-- Adds to the orders' sums and to those by promotion code and referral id: `deltas` is a JSON
-- array of {hour, code, affiliate, orders, gross, discount, refunded, shipping, tax}.
CREATE FUNCTION insight_add_order_sums(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  WITH delta AS (
    SELECT * FROM jsonb_to_recordset(coalesce(deltas, '[]')) AS d (
      hour timestamptz, code text, affiliate text, orders integer, gross bigint,
      discount bigint, refunded bigint, shipping bigint, tax bigint)
  ),
  by_hour AS (
    INSERT INTO insight_sales_hour AS r
      (hour, orders, gross_cents, discount_cents, refunded_cents, shipping_cents, tax_cents)
    SELECT hour, sum(orders), sum(gross), sum(discount), sum(refunded), sum(shipping), sum(tax)
    FROM delta GROUP BY hour
    ON CONFLICT (hour) DO UPDATE SET orders = r.orders + excluded.orders,
      gross_cents = r.gross_cents + excluded.gross_cents,
      discount_cents = r.discount_cents + excluded.discount_cents,
      refunded_cents = r.refunded_cents + excluded.refunded_cents,
      shipping_cents = r.shipping_cents + excluded.shipping_cents,
      tax_cents = r.tax_cents + excluded.tax_cents
    RETURNING 1
  )
  INSERT INTO insight_group_hour AS r
    (hour, "grouping", "key", orders, gross_cents, discount_cents, refunded_cents,
     shipping_cents, tax_cents)
  SELECT d.hour, k."grouping", k."key", sum(d.orders), sum(d.gross), sum(d.discount),
    sum(d.refunded), sum(d.shipping), sum(d.tax)
  FROM delta d
  CROSS JOIN LATERAL (VALUES ('promotion', d.code), ('affiliate', d.affiliate)) AS k ("grouping", "key")
  WHERE k."key" IS NOT NULL
  GROUP BY d.hour, k."grouping", k."key"
  ON CONFLICT (hour, "grouping", "key") DO UPDATE SET (orders, gross_cents, discount_cents, refunded_cents, shipping_cents, tax_cents) = (
    r.orders + excluded.orders, r.gross_cents + excluded.gross_cents,
    r.discount_cents + excluded.discount_cents, r.refunded_cents + excluded.refunded_cents,
    r.shipping_cents + excluded.shipping_cents, r.tax_cents + excluded.tax_cents)
$$;
--> statement-breakpoint

-- The referral id an event came through, or the influencer whose page it viewed.
CREATE FUNCTION insight_visit_sources(name text, label text, path text)
RETURNS TABLE (source text, "key" text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT * FROM (VALUES
    ('affiliate', CASE WHEN name = 'affiliate_visit' THEN label END),
    ('influencer', CASE WHEN name = 'page_view' AND path LIKE '/community/%'
      THEN substr(path, length('/community/') + 1) END)
  ) AS s (source, "key")
  WHERE s."key" IS NOT NULL
$$;
--> statement-breakpoint

-- The orders' rollups of `hours`, summed again from the orders placed in them.
CREATE FUNCTION insight_recompute_order_hours(hours timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched_emails text[];
BEGIN
  hours := array(SELECT DISTINCT h FROM unnest(hours) AS h WHERE h IS NOT NULL);
  PERFORM insight_lock_hours(hours);
  touched_emails := array(
    SELECT DISTINCT c.email FROM insight_customer_hour c WHERE c.hour = ANY (hours)
  );
  DELETE FROM insight_sales_hour WHERE hour = ANY (hours);
  DELETE FROM insight_group_hour WHERE hour = ANY (hours);
  DELETE FROM insight_item_hour WHERE hour = ANY (hours);
  DELETE FROM insight_customer_hour WHERE hour = ANY (hours);

  -- The hours' rows are gone: adding every counted order of them sums them again.
  PERFORM insight_add_order_sums((
    SELECT jsonb_agg(jsonb_build_object('hour', h, 'code', o.promotion ->> 'codeName',
      'affiliate', o.affiliate, 'orders', 1, 'gross', g.gross, 'discount', o.discount_cents,
      'refunded', o.refunded_cents, 'shipping', o.shipping_cents, 'tax', o.tax_cents))
    FROM unnest(hours) AS h
    JOIN "order" o ON o.created_at >= h AND o.created_at < h + interval '1 hour'
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(i.quantity::bigint * i.list_price_cents), 0) AS gross
      FROM order_item i WHERE i.order_id = o.id
    ) g
    WHERE o.fulfilment_status <> 'cancelled'
  ));

  INSERT INTO insight_item_hour (hour, item_id, item_name, units, gross_cents)
  SELECT h, i.item_id, i.item_name, sum(i.quantity), sum(i.quantity::bigint * i.list_price_cents)
  FROM unnest(hours) AS h
  JOIN "order" o ON o.created_at >= h AND o.created_at < h + interval '1 hour'
  JOIN order_item i ON i.order_id = o.id
  WHERE o.fulfilment_status <> 'cancelled'
  GROUP BY h, i.item_id, i.item_name;

  INSERT INTO insight_customer_hour (hour, email)
  SELECT DISTINCT h, lower(o.email)
  FROM unnest(hours) AS h
  JOIN "order" o ON o.created_at >= h AND o.created_at < h + interval '1 hour'
  WHERE o.fulfilment_status <> 'cancelled';

  touched_emails := touched_emails || array(
    SELECT DISTINCT c.email FROM insight_customer_hour c WHERE c.hour = ANY (hours)
  );
  DELETE FROM insight_customer WHERE email = ANY (touched_emails);
  INSERT INTO insight_customer (email, first_hour)
  SELECT c.email, min(c.hour) FROM insight_customer_hour c
  WHERE c.email = ANY (touched_emails)
  GROUP BY c.email;
END
$$;
--> statement-breakpoint

-- The events' rollups of `hours`, gathered again from the events of them.
CREATE FUNCTION insight_recompute_visit_hours(hours timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  hours := array(SELECT DISTINCT h FROM unnest(hours) AS h WHERE h IS NOT NULL);
  PERFORM insight_lock_hours(hours);
  DELETE FROM insight_visit_hour WHERE hour = ANY (hours);
  DELETE FROM insight_source_visit_hour WHERE hour = ANY (hours);
  INSERT INTO insight_visit_hour
    (hour, visitor_id, product_views, added_to_cart, checkout_started, paid)
  SELECT h, e.visitor_id, bool_or(insight_is_product_view(e.name, e.path)),
    bool_or(e.name = 'add_to_cart'), bool_or(e.name = 'checkout_click'),
    bool_or(e.name = 'purchase')
  FROM unnest(hours) AS h
  JOIN analytics_event e ON e.created_at >= h AND e.created_at < h + interval '1 hour'
  WHERE e.visitor_id IS NOT NULL
  GROUP BY h, e.visitor_id;
  INSERT INTO insight_source_visit_hour (hour, source, "key", visitor_id)
  SELECT DISTINCT h, s.source, s."key", e.visitor_id
  FROM unnest(hours) AS h
  JOIN analytics_event e ON e.created_at >= h AND e.created_at < h + interval '1 hour'
  CROSS JOIN LATERAL insight_visit_sources(e.name, e.label, e.path) AS s
  WHERE e.visitor_id IS NOT NULL;
END
$$;
--> statement-breakpoint

-- Every rollup summed again from every order and event.
CREATE FUNCTION insight_rebuild_rollups() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(830, 0);
  PERFORM insight_recompute_order_hours(array(
    SELECT insight_hour(created_at) FROM "order"
    UNION SELECT hour FROM insight_sales_hour
    UNION SELECT hour FROM insight_customer_hour
  ));
  PERFORM insight_recompute_visit_hours(array(
    SELECT insight_hour(created_at) FROM analytics_event WHERE visitor_id IS NOT NULL
    UNION SELECT hour FROM insight_visit_hour
    UNION SELECT hour FROM insight_source_visit_hour
  ));
END
$$;
--> statement-breakpoint

CREATE FUNCTION insight_orders_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- New orders have no lines yet (theirs are inserted after them): they add their own sums.
    PERFORM insight_lock_hours(array(SELECT insight_hour(created_at) FROM new_rows));
    PERFORM insight_add_order_sums((
      SELECT jsonb_agg(jsonb_build_object('hour', insight_hour(created_at),
        'code', promotion ->> 'codeName', 'affiliate', affiliate, 'orders', 1, 'gross', 0,
        'discount', discount_cents, 'refunded', refunded_cents, 'shipping', shipping_cents,
        'tax', tax_cents))
      FROM new_rows WHERE fulfilment_status <> 'cancelled'
    ));
    INSERT INTO insight_customer_hour (hour, email)
    SELECT DISTINCT insight_hour(created_at), lower(email) FROM new_rows
    WHERE fulfilment_status <> 'cancelled'
    ON CONFLICT DO NOTHING;
    INSERT INTO insight_customer AS c (email, first_hour)
    SELECT lower(email), min(insight_hour(created_at)) FROM new_rows
    WHERE fulfilment_status <> 'cancelled'
    GROUP BY 1
    ON CONFLICT (email) DO UPDATE SET first_hour = least(c.first_hour, excluded.first_hour);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insight_recompute_order_hours(array(SELECT insight_hour(created_at) FROM old_rows));
  ELSE
    -- Only what the figures read: a change of tracking or of its fulfilment on its way is none.
    PERFORM insight_recompute_order_hours(array(
      SELECT insight_hour(changed.created_at)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.created_at), (n.created_at)) AS changed (created_at)
      WHERE (o.created_at, o.fulfilment_status = 'cancelled', o.discount_cents, o.refunded_cents,
          o.shipping_cents, o.tax_cents, lower(o.email), o.promotion ->> 'codeName', o.affiliate)
        IS DISTINCT FROM
        (n.created_at, n.fulfilment_status = 'cancelled', n.discount_cents, n.refunded_cents,
          n.shipping_cents, n.tax_cents, lower(n.email), n.promotion ->> 'codeName', n.affiliate)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION insight_order_items_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- New lines add their gross sales to their order's hour, code, referral id and item.
    PERFORM insight_lock_hours(array(
      SELECT insight_hour(o.created_at) FROM "order" o WHERE o.id IN (SELECT order_id FROM new_rows)
    ));
    PERFORM insight_add_order_sums((
      SELECT jsonb_agg(jsonb_build_object('hour', insight_hour(o.created_at),
        'code', o.promotion ->> 'codeName', 'affiliate', o.affiliate, 'orders', 0,
        'gross', i.quantity::bigint * i.list_price_cents, 'discount', 0, 'refunded', 0,
        'shipping', 0, 'tax', 0))
      FROM new_rows i JOIN "order" o ON o.id = i.order_id
      WHERE o.fulfilment_status <> 'cancelled'
    ));
    INSERT INTO insight_item_hour AS r (hour, item_id, item_name, units, gross_cents)
    SELECT insight_hour(o.created_at), i.item_id, i.item_name, sum(i.quantity),
      sum(i.quantity::bigint * i.list_price_cents)
    FROM new_rows i JOIN "order" o ON o.id = i.order_id
    WHERE o.fulfilment_status <> 'cancelled'
    GROUP BY 1, 2, 3
    ON CONFLICT (hour, item_id, item_name) DO UPDATE SET units = r.units + excluded.units,
      gross_cents = r.gross_cents + excluded.gross_cents;
  ELSIF TG_OP = 'DELETE' THEN
    -- Lines deleted with their order: the order's own trigger sums its hour again.
    PERFORM insight_recompute_order_hours(array(
      SELECT insight_hour(o.created_at) FROM "order" o WHERE o.id IN (SELECT order_id FROM old_rows)
    ));
  ELSE
    PERFORM insight_recompute_order_hours(array(
      SELECT insight_hour(o.created_at) FROM "order" o
      WHERE o.id IN (SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows)
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION insight_events_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Events only add: a visitor's hour gains the steps of its new events.
    PERFORM insight_lock_hours(array(
      SELECT DISTINCT insight_hour(created_at) FROM new_rows WHERE visitor_id IS NOT NULL
    ));
    INSERT INTO insight_visit_hour
      (hour, visitor_id, product_views, added_to_cart, checkout_started, paid)
    SELECT insight_hour(e.created_at), e.visitor_id, bool_or(insight_is_product_view(e.name, e.path)),
      bool_or(e.name = 'add_to_cart'), bool_or(e.name = 'checkout_click'),
      bool_or(e.name = 'purchase')
    FROM new_rows e
    WHERE e.visitor_id IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (hour, visitor_id) DO UPDATE SET
      product_views = insight_visit_hour.product_views OR excluded.product_views,
      added_to_cart = insight_visit_hour.added_to_cart OR excluded.added_to_cart,
      checkout_started = insight_visit_hour.checkout_started OR excluded.checkout_started,
      paid = insight_visit_hour.paid OR excluded.paid;
    INSERT INTO insight_source_visit_hour (hour, source, "key", visitor_id)
    SELECT DISTINCT insight_hour(e.created_at), s.source, s."key", e.visitor_id
    FROM new_rows e
    CROSS JOIN LATERAL insight_visit_sources(e.name, e.label, e.path) AS s
    WHERE e.visitor_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM insight_recompute_visit_hours(array(SELECT insight_hour(created_at) FROM old_rows));
  ELSE
    PERFORM insight_recompute_visit_hours(array(
      SELECT insight_hour(created_at) FROM old_rows
      UNION SELECT insight_hour(created_at) FROM new_rows
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION insight_rollups_emptied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_rebuild_rollups();
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Each table's writes: inserts, updates and deletes with the rows they wrote, and truncation.
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN
    SELECT * FROM (VALUES
      ('order', 'insight_orders', 'insight_orders_written'),
      ('order_item', 'insight_order_items', 'insight_order_items_written'),
      ('analytics_event', 'insight_events', 'insight_events_written')
    ) AS t (table_name, trigger_prefix, function_name)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      watched.trigger_prefix || '_inserted', watched.table_name, watched.function_name);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      watched.trigger_prefix || '_updated', watched.table_name, watched.function_name);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      watched.trigger_prefix || '_deleted', watched.table_name, watched.function_name);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_emptied()',
      watched.trigger_prefix || '_truncated', watched.table_name);
  END LOOP;
END
$$;
--> statement-breakpoint

SELECT insight_rebuild_rollups();
