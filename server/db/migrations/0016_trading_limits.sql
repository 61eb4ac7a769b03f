-- Limits a member sets on their own rise/fall trading (server/limits/): a daily loss limit, a daily turnover limit,
-- a break until a moment, the reality check's interval, and the time zone whose midnight starts "the day".
-- One row per member who has ever set one; a member without a row trades without limits and pays nothing for them.
--
-- Each setting is a value and, beside it, a change that waits: <name>_next (null: "none") takes the value's place
-- once <name>_next_at (epoch ms, the server's clock) has passed. Every reader compares <name>_next_at with its own
-- `now` in SQL (server/limits/columns.ts), so nothing has to wake up to make a change happen. A tighter setting
-- is written to the value at once; a looser one waits 24 hours as <name>_next.
--
-- The day's counters are what order/create needs to refuse an order in its one statement, under concurrency:
-- the statement locks this row first (FOR UPDATE, so it reads the newest counters even after waiting for a
-- parallel order), checks, and adds its stake in the same statement. `day` is the member's date the counters
-- belong to; an order on another date starts them again.
CREATE TABLE trading_limits (
  user_id integer PRIMARY KEY REFERENCES users (id),
  time_zone text NOT NULL,
  time_zone_next text,
  time_zone_next_at bigint,
  -- cents: the day's stakes and fees less what came back, open stakes counted as lost
  loss_limit bigint CHECK (loss_limit > 0),
  loss_limit_next bigint CHECK (loss_limit_next > 0),
  loss_limit_next_at bigint,
  -- cents: the day's stakes
  turnover_limit bigint CHECK (turnover_limit > 0),
  turnover_limit_next bigint CHECK (turnover_limit_next > 0),
  turnover_limit_next_at bigint,
  -- epoch ms: no order and no deposit before it
  break_until bigint,
  break_until_next bigint,
  break_until_next_at bigint,
  -- minutes between the app's reminders of time and net result; null: off
  reality_minutes integer CHECK (reality_minutes BETWEEN 15 AND 240),
  reality_minutes_next integer CHECK (reality_minutes_next BETWEEN 15 AND 240),
  reality_minutes_next_at bigint,
  -- the member's date the counters below count; null: nothing counted yet
  day date,
  -- cents: stakes of the day's orders
  day_turnover bigint NOT NULL DEFAULT 0 CHECK (day_turnover >= 0),
  -- cents: stakes and fees of the day's orders
  day_cost bigint NOT NULL DEFAULT 0 CHECK (day_cost >= 0),
  -- the day's first order (its order_no), and a ledger id below every entry of it: the payouts of the day's orders
  -- are this member's order_payout entries after day_ledger_from whose ref is that order's or a later one's
  day_first_order text,
  day_ledger_from bigint NOT NULL DEFAULT 0,
  updated_at bigint NOT NULL
);
