-- A checkout's hold in one call (docs/decisions/0092): the bottles' rows are locked, counted and
-- written in the database, so that no round trip to the shop happens while they are locked and
-- the lock ends with the call's own commit. Each statement of a volatile function reads what was
-- committed when it starts, so the counts below see every hold and sale committed before the lock
-- was granted.
--
-- Arguments: the checkout's hold key; the bottles it needs and how many of each; the bottles of
-- each set aside for renewals; the lots the shop sells from today (which lots are past their
-- sell-by date is decided by the shop, not here); when the holds end; now.
-- Returns each bottle's sellable count before this hold, its low-stock threshold, whether the
-- owner has been told of its latest fall, and whether the hold was written (for every bottle, or
-- for none).
CREATE FUNCTION stock_hold_bottles(
  p_hold_key text,
  p_bottle_ids text[],
  p_needed integer[],
  p_committed integer[],
  p_selling_lot_ids integer[],
  p_expires_at timestamptz,
  p_now timestamptz
) RETURNS TABLE (
  bottle_id text,
  sellable integer,
  low_stock_threshold integer,
  low_stock_noticed boolean,
  held boolean
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_ids text[];
  v_sellable integer[];
  v_thresholds integer[];
  v_noticed boolean[];
  v_enough boolean;
BEGIN
  -- The checkout's record, written after this call and before the shopper can pay, commits
  -- synchronously and so makes this call's holds durable with it; not waiting for the disk here
  -- shortens the time the bottles' rows stay locked.
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM stock_item AS item
  WHERE item.bottle_id = ANY (p_bottle_ids)
  ORDER BY item.bottle_id
  FOR UPDATE;

  SELECT
    array_agg(need.bottle_id ORDER BY need.bottle_id),
    array_agg(need.sellable ORDER BY need.bottle_id),
    array_agg(need.threshold ORDER BY need.bottle_id),
    array_agg(need.noticed ORDER BY need.bottle_id),
    coalesce(bool_and(need.sellable >= need.needed), true)
  INTO v_ids, v_sellable, v_thresholds, v_noticed, v_enough
  FROM (
    SELECT
      wanted.bottle_id,
      wanted.needed,
      coalesce(item.low_stock_threshold, 0) AS threshold,
      item.low_stock_noticed_at IS NOT NULL AS noticed,
      greatest(
        0,
        greatest(
          0,
          coalesce((
            SELECT sum(lot.on_hand) FROM stock_lot AS lot
            WHERE lot.bottle_id = wanted.bottle_id AND lot.id = ANY (p_selling_lot_ids)
          ), 0)
          - (coalesce(item.held, 0) - coalesce((
            SELECT sum(hold.quantity) FROM stock_hold AS hold
            WHERE hold.bottle_id = wanted.bottle_id AND hold.expires_at <= p_now
          ), 0))
        ) - wanted.committed
      )::integer AS sellable
    FROM unnest(p_bottle_ids, p_needed, p_committed) AS wanted (bottle_id, needed, committed)
    LEFT JOIN stock_item AS item ON item.bottle_id = wanted.bottle_id
  ) AS need;

  IF v_enough THEN
    WITH expired AS (
      DELETE FROM stock_hold AS hold
      WHERE hold.bottle_id = ANY (p_bottle_ids) AND hold.expires_at <= p_now
      RETURNING hold.bottle_id, hold.quantity
    ), added AS (
      INSERT INTO stock_hold (hold_key, bottle_id, quantity, expires_at)
      SELECT p_hold_key, wanted.bottle_id, wanted.needed, p_expires_at
      FROM unnest(p_bottle_ids, p_needed) AS wanted (bottle_id, needed)
      RETURNING stock_hold.bottle_id, stock_hold.quantity
    ), change AS (
      SELECT moved.bottle_id, sum(moved.quantity) AS bottles
      FROM (
        SELECT added.bottle_id, added.quantity FROM added
        UNION ALL SELECT expired.bottle_id, -expired.quantity FROM expired
      ) AS moved
      GROUP BY moved.bottle_id
    )
    UPDATE stock_item AS item SET held = item.held + change.bottles
    FROM change WHERE item.bottle_id = change.bottle_id;
  END IF;

  RETURN QUERY
  SELECT counted.bottle_id, counted.sellable, counted.threshold, counted.noticed, v_enough
  FROM unnest(v_ids, v_sellable, v_thresholds, v_noticed)
    AS counted (bottle_id, sellable, threshold, noticed);
END
$$;
