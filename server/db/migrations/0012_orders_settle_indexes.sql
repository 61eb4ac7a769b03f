-- Settling an order changes its status, so the update can never be HOT and every index on orders gets a new
-- entry per settled order, except a partial index whose predicate the settled row no longer meets. Two of those
-- entries bought nothing (10,000 due orders: about a fifth of the settling statement's time):
-- * orders_order_no: order_no is 'CW' || lpad(id, 10), one-to-one with the primary key (an int4 id never passes
--   10 digits), so it is unique already, and nothing looks an order up by it.
-- * orders_user (user_id, status, settle_time): its use is a member's open orders, soonest first (hold list,
--   polled every few seconds); a partial index of open orders serves that, and smaller. A member's settled orders
--   (history) are found through orders_user_product (user_id, ...) and sorted, as they were before: status <> 'open'
--   spans three values, so orders_user never gave them in settle-time order either.
DROP INDEX orders_order_no;
DROP INDEX orders_user;
CREATE INDEX orders_user_open ON orders (user_id, settle_time, id) WHERE status = 'open';
