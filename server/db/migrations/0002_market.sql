-- Markets: products and their trading terms, recorded ticks and candles, and rise/fall orders.
-- Prices are bigint in the product's own minor unit (price × 10^decimals); quantities likewise with qty_decimals.
-- Times are epoch milliseconds (bigint), the unit of the wire.

CREATE TABLE products (
  id serial PRIMARY KEY,
  symbol text NOT NULL UNIQUE,
  name text NOT NULL,
  category text NOT NULL CHECK (category IN ('stocks', 'forex', 'crypto', 'metals')),
  decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 10),
  qty_decimals smallint NOT NULL CHECK (qty_decimals BETWEEN 0 AND 8),
  -- Trading hours by name (server/market/sessions.ts).
  session text NOT NULL,
  sort smallint NOT NULL,
  fee_ppm bigint NOT NULL CHECK (fee_ppm >= 0),
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  max_amount bigint NOT NULL CHECK (max_amount >= min_amount),
  -- Parameters of the embedded simulator: reference price, annualised volatility, typical trade size.
  sim_price numeric NOT NULL CHECK (sim_price > 0),
  sim_vol_bp integer NOT NULL CHECK (sim_vol_bp > 0),
  sim_qty numeric NOT NULL CHECK (sim_qty > 0)
);

CREATE TABLE product_cycles (
  product_id integer NOT NULL REFERENCES products(id),
  seconds integer NOT NULL CHECK (seconds > 0),
  payout_ppm bigint NOT NULL CHECK (payout_ppm > 0),
  PRIMARY KEY (product_id, seconds)
);

INSERT INTO products (symbol, name, category, decimals, qty_decimals, session, sort, fee_ppm, min_amount, max_amount, sim_price, sim_vol_bp, sim_qty) VALUES
  ('AAPL', 'Apple Inc.', 'stocks', 2, 0, 'nyse', 1, 2000, 1000, 5000000, 228.50, 2800, 120),
  ('MSFT', 'Microsoft Corp.', 'stocks', 2, 0, 'nyse', 2, 2000, 1000, 5000000, 415.30, 2500, 80),
  ('NVDA', 'NVIDIA Corp.', 'stocks', 2, 0, 'nyse', 3, 2000, 1000, 5000000, 135.20, 5000, 300),
  ('TSLA', 'Tesla Inc.', 'stocks', 2, 0, 'nyse', 4, 2000, 1000, 5000000, 245.60, 6000, 150),
  ('AMZN', 'Amazon.com Inc.', 'stocks', 2, 0, 'nyse', 5, 2000, 1000, 5000000, 186.40, 3200, 110),
  ('0700.HK', 'Tencent Holdings', 'stocks', 2, 0, 'hkex', 6, 2000, 1000, 5000000, 380.20, 3000, 200),
  ('EURUSD', 'Euro / US Dollar', 'forex', 5, 2, 'fx', 1, 2000, 1000, 5000000, 1.08450, 700, 5),
  ('GBPUSD', 'British Pound / US Dollar', 'forex', 5, 2, 'fx', 2, 2000, 1000, 5000000, 1.27120, 800, 4),
  ('USDJPY', 'US Dollar / Japanese Yen', 'forex', 3, 2, 'fx', 3, 2000, 1000, 5000000, 149.850, 1000, 5),
  ('AUDUSD', 'Australian Dollar / US Dollar', 'forex', 5, 2, 'fx', 4, 2000, 1000, 5000000, 0.66040, 900, 3),
  ('USDCHF', 'US Dollar / Swiss Franc', 'forex', 5, 2, 'fx', 5, 2000, 1000, 5000000, 0.88150, 700, 3),
  ('BTCUSDT', 'Bitcoin', 'crypto', 2, 4, 'always', 1, 2000, 1000, 5000000, 67250.50, 6000, 0.05),
  ('ETHUSDT', 'Ethereum', 'crypto', 2, 4, 'always', 2, 2000, 1000, 5000000, 3520.25, 7000, 0.8),
  ('SOLUSDT', 'Solana', 'crypto', 3, 2, 'always', 3, 2000, 1000, 5000000, 152.340, 9000, 12),
  ('XRPUSDT', 'XRP', 'crypto', 4, 0, 'always', 4, 2000, 1000, 5000000, 0.5234, 8000, 2500),
  ('DOGEUSDT', 'Dogecoin', 'crypto', 5, 0, 'always', 5, 2000, 1000, 5000000, 0.12345, 10000, 20000),
  ('XAUUSD', 'Gold', 'metals', 2, 2, 'fx', 1, 2000, 1000, 5000000, 2385.40, 1500, 3),
  ('XAGUSD', 'Silver', 'metals', 3, 1, 'fx', 2, 2000, 1000, 5000000, 28.315, 2800, 80),
  ('XPTUSD', 'Platinum', 'metals', 2, 2, 'fx', 3, 2000, 1000, 5000000, 985.50, 2500, 2),
  ('XPDUSD', 'Palladium', 'metals', 2, 2, 'fx', 4, 2000, 1000, 5000000, 1020.30, 3500, 1),
  ('XCUUSD', 'Copper', 'metals', 4, 0, 'fx', 5, 2000, 1000, 5000000, 4.2150, 2200, 500);

-- Every product offers the same cycles to start with; an operator may change terms for new orders only,
-- because each order keeps the payout rate it was placed with.
INSERT INTO product_cycles (product_id, seconds, payout_ppm)
SELECT p.id, c.seconds, c.payout_ppm FROM products p
CROSS JOIN (VALUES (30, 800000), (60, 850000), (120, 880000), (300, 920000)) AS c(seconds, payout_ppm);

-- One row per product per second while its market is open. Pruned after the retention window.
-- No foreign key to products on ticks and candles: only the feed writes them, from the product list, and a
-- per-row key check made the first start's bulk backfill several times slower on PGlite.
CREATE TABLE ticks (
  product_id integer NOT NULL,
  t bigint NOT NULL,
  price bigint NOT NULL CHECK (price > 0),
  qty bigint NOT NULL CHECK (qty >= 0),
  -- Whether the price was at or above the previous one: the trade tape's side.
  up boolean NOT NULL,
  PRIMARY KEY (product_id, t)
);

-- Candles at three resolutions, each upserted by every tick: res 60 (1 minute; intervals up to 30m),
-- res 3600 (1 hour; 1h and 4h) and res 86400 (1 UTC day; 1d), so a first start backfills few rows.
-- turnover is Σ price × qty in units of 10^-(decimals + qty_decimals), so 24 h amounts stay exact.
CREATE TABLE candles (
  product_id integer NOT NULL,
  res integer NOT NULL CHECK (res IN (60, 3600, 86400)),
  t bigint NOT NULL,
  open bigint NOT NULL,
  high bigint NOT NULL,
  low bigint NOT NULL,
  close bigint NOT NULL,
  volume bigint NOT NULL,
  turnover bigint NOT NULL,
  PRIMARY KEY (product_id, res, t)
);

-- Recorded prices decide settlement, so nobody may rewrite them: ticks are only ever inserted or pruned.
CREATE FUNCTION ticks_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'recorded ticks are immutable';
END $$;
CREATE TRIGGER ticks_immutable BEFORE UPDATE ON ticks FOR EACH ROW EXECUTE FUNCTION ticks_never_change();

CREATE TABLE orders (
  id serial PRIMARY KEY,
  order_no text GENERATED ALWAYS AS ('CW' || lpad(id::text, 10, '0')) STORED,
  user_id integer NOT NULL REFERENCES users(id),
  product_id integer NOT NULL REFERENCES products(id),
  direction text NOT NULL CHECK (direction IN ('rise', 'fall')),
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0),
  cycle integer NOT NULL CHECK (cycle > 0),
  payout_ppm bigint NOT NULL CHECK (payout_ppm > 0),
  -- The tick the order opened at: its price and its own time, so a member can find it on the chart.
  open_price bigint NOT NULL,
  open_tick_time bigint NOT NULL,
  open_time bigint NOT NULL,
  settle_time bigint NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'draw')),
  settle_price bigint,
  settle_tick_time bigint,
  -- What was credited back at settlement (0 when lost) and the member's net result without the fee.
  payout bigint,
  profit bigint,
  settled_at bigint,
  CHECK ((status = 'open') = (settle_price IS NULL))
);
CREATE UNIQUE INDEX orders_order_no ON orders (order_no);
CREATE INDEX orders_due ON orders (settle_time, id) WHERE status = 'open';
CREATE INDEX orders_user ON orders (user_id, status, settle_time);
CREATE INDEX orders_user_product ON orders (user_id, product_id, id);

-- No operator can change an outcome: an order changes exactly once, from open to its result, and only in
-- its settlement columns; afterwards it is frozen, and orders are never deleted.
CREATE FUNCTION orders_settle_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'orders are never deleted';
  END IF;
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'order % is settled and immutable', OLD.id;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.product_id, NEW.direction, NEW.amount, NEW.fee, NEW.cycle, NEW.payout_ppm,
      NEW.open_price, NEW.open_tick_time, NEW.open_time, NEW.settle_time)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.product_id, OLD.direction, OLD.amount, OLD.fee, OLD.cycle, OLD.payout_ppm,
      OLD.open_price, OLD.open_tick_time, OLD.open_time, OLD.settle_time) THEN
    RAISE EXCEPTION 'the terms of order % cannot change', OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER orders_immutable BEFORE UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_settle_once();
