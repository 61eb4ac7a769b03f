-- Referral cashback leaves the settlement transaction: settlement only records, per settled order with a fee,
-- that its cashback is owed (one set-based INSERT), and the cashback service pays it shortly afterwards in its
-- own bounded transactions, deleting each row in the transaction that pays it. A row therefore exists exactly
-- while an order's cashback is owed, survives a crash, and is paid on the next start; referral_cashback's
-- (order_id, beneficiary_id) key keeps a retried or doubled payment from paying twice.
-- A table of its own because settled orders are immutable (orders_immutable in 0002_market.sql).
-- No foreign keys: rows come only from the settlement transaction, from orders it has just settled (which are
-- never deleted), and a per-row key check would slow the 10,000-order burst that settlement must absorb.
CREATE TABLE cashback_queue (
  order_id integer PRIMARY KEY,
  -- The member who placed the order; the upline is looked up when paying.
  user_id integer NOT NULL,
  fee bigint NOT NULL CHECK (fee > 0),
  -- The cashback's ledger time: the moment the order was decided, not when the queue got to it.
  settle_time bigint NOT NULL
);
