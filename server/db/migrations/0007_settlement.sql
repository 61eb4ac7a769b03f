-- The feed's watermark: every tick stamped at or before `t` is recorded. The feed raises it in the
-- same transaction as the ticks it covers, and settlement only settles orders whose settle time it has reached,
-- so a price that could still change never decides an order.
CREATE TABLE market_watermark (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  t bigint NOT NULL
);
INSERT INTO market_watermark (id, t) VALUES (true, 0);
