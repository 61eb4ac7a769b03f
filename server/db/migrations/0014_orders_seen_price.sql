-- What the member saw: the price on their screen when they confirmed an order, kept beside its open price (the
-- last recorded tick at the server's receipt, which alone decides). Informational only: it never moves money, and
-- the order shows both when they differ. Null for orders placed by an app that did not send it.
ALTER TABLE orders ADD COLUMN seen_price bigint CHECK (seen_price > 0);

-- Part of the order's terms: the guard of 0013 refuses a change of it too.
DROP TRIGGER orders_settle_once ON orders;
CREATE TRIGGER orders_settle_once BEFORE UPDATE ON orders FOR EACH ROW
  WHEN (OLD.status <> 'open'
        OR NEW.changed_xid IS DISTINCT FROM pg_current_xact_id()
        OR (NEW.id, NEW.user_id, NEW.product_id, NEW.direction, NEW.amount, NEW.fee, NEW.cycle, NEW.payout_ppm,
            NEW.open_price, NEW.open_tick_time, NEW.open_time, NEW.settle_time, NEW.seen_price)
           IS DISTINCT FROM
           (OLD.id, OLD.user_id, OLD.product_id, OLD.direction, OLD.amount, OLD.fee, OLD.cycle, OLD.payout_ppm,
            OLD.open_price, OLD.open_tick_time, OLD.open_time, OLD.settle_time, OLD.seen_price))
  EXECUTE FUNCTION orders_refuse_change();
