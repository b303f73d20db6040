-- The figures' rollups (docs/decisions/0083), kept by the database in the transaction of every
-- write to the orders, their lines and the events: an hour of UTC touched by a write is summed
-- again from its rows, so a rollup is always the sum of the rows behind it.

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

  INSERT INTO insight_sales_hour
    (hour, orders, gross_cents, discount_cents, refunded_cents, shipping_cents, tax_cents)
  SELECT h, count(*), sum(g.gross), sum(o.discount_cents), sum(o.refunded_cents),
    sum(o.shipping_cents), sum(o.tax_cents)
  FROM unnest(hours) AS h
  JOIN "order" o ON o.created_at >= h AND o.created_at < h + interval '1 hour'
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(i.quantity::bigint * i.list_price_cents), 0) AS gross
    FROM order_item i WHERE i.order_id = o.id
  ) g
  WHERE o.fulfilment_status <> 'cancelled'
  GROUP BY h;

  INSERT INTO insight_group_hour
    (hour, "grouping", "key", orders, gross_cents, discount_cents, refunded_cents,
     shipping_cents, tax_cents)
  SELECT h, k."grouping", k."key", count(*), sum(g.gross), sum(o.discount_cents),
    sum(o.refunded_cents), sum(o.shipping_cents), sum(o.tax_cents)
  FROM unnest(hours) AS h
  JOIN "order" o ON o.created_at >= h AND o.created_at < h + interval '1 hour'
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(i.quantity::bigint * i.list_price_cents), 0) AS gross
    FROM order_item i WHERE i.order_id = o.id
  ) g
  CROSS JOIN LATERAL (
    VALUES ('promotion', o.promotion ->> 'codeName'), ('affiliate', o.affiliate)
  ) AS k ("grouping", "key")
  WHERE o.fulfilment_status <> 'cancelled' AND k."key" IS NOT NULL
  GROUP BY h, k."grouping", k."key";

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
  CROSS JOIN LATERAL (
    VALUES
      ('affiliate', CASE WHEN e.name = 'affiliate_visit' THEN e.label END),
      ('influencer', CASE WHEN e.name = 'page_view' AND e.path LIKE '/community/%'
        THEN substr(e.path, length('/community/') + 1) END)
  ) AS s (source, "key")
  WHERE e.visitor_id IS NOT NULL AND s."key" IS NOT NULL;
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
    PERFORM insight_recompute_order_hours(array(SELECT insight_hour(created_at) FROM new_rows));
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
    PERFORM insight_recompute_order_hours(array(
      SELECT insight_hour(o.created_at) FROM "order" o WHERE o.id IN (SELECT order_id FROM new_rows)
    ));
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
    CROSS JOIN LATERAL (
      VALUES
        ('affiliate', CASE WHEN e.name = 'affiliate_visit' THEN e.label END),
        ('influencer', CASE WHEN e.name = 'page_view' AND e.path LIKE '/community/%'
          THEN substr(e.path, length('/community/') + 1) END)
    ) AS s (source, "key")
    WHERE e.visitor_id IS NOT NULL AND s."key" IS NOT NULL
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

CREATE TRIGGER insight_orders_inserted AFTER INSERT ON "order"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_orders_written();
--> statement-breakpoint
CREATE TRIGGER insight_orders_updated AFTER UPDATE ON "order"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_orders_written();
--> statement-breakpoint
CREATE TRIGGER insight_orders_deleted AFTER DELETE ON "order"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_orders_written();
--> statement-breakpoint
CREATE TRIGGER insight_orders_truncated AFTER TRUNCATE ON "order"
FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_emptied();
--> statement-breakpoint
CREATE TRIGGER insight_order_items_inserted AFTER INSERT ON order_item
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_order_items_written();
--> statement-breakpoint
CREATE TRIGGER insight_order_items_updated AFTER UPDATE ON order_item
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_order_items_written();
--> statement-breakpoint
CREATE TRIGGER insight_order_items_deleted AFTER DELETE ON order_item
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_order_items_written();
--> statement-breakpoint
CREATE TRIGGER insight_order_items_truncated AFTER TRUNCATE ON order_item
FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_emptied();
--> statement-breakpoint
CREATE TRIGGER insight_events_inserted AFTER INSERT ON analytics_event
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_events_written();
--> statement-breakpoint
CREATE TRIGGER insight_events_updated AFTER UPDATE ON analytics_event
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_events_written();
--> statement-breakpoint
CREATE TRIGGER insight_events_deleted AFTER DELETE ON analytics_event
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION insight_events_written();
--> statement-breakpoint
CREATE TRIGGER insight_events_truncated AFTER TRUNCATE ON analytics_event
FOR EACH STATEMENT EXECUTE FUNCTION insight_rollups_emptied();
--> statement-breakpoint

SELECT insight_rebuild_rollups();
