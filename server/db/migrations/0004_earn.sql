-- Earning products (wealth and lock-up pledges), holdings, daily revenue, and referral cashback.
CREATE TABLE earn_products (
  id serial PRIMARY KEY,
  family text NOT NULL CHECK (family IN ('wealth', 'pledge')),
  pledge_currency text,
  names jsonb NOT NULL,
  descriptions jsonb NOT NULL,
  daily_rate_ppm bigint NOT NULL CHECK (daily_rate_ppm > 0 AND daily_rate_ppm < 1000000),
  cycle_days integer NOT NULL CHECK (cycle_days BETWEEN 1 AND 3650),
  min_amount bigint NOT NULL CHECK (min_amount > 0),
  max_amount bigint NOT NULL CHECK (max_amount >= min_amount),
  on_sale boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((family = 'pledge') = (pledge_currency IS NOT NULL))
);

CREATE TABLE earn_holdings (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  product_id integer NOT NULL REFERENCES earn_products(id),
  family text NOT NULL CHECK (family IN ('wealth', 'pledge')),
  principal bigint NOT NULL CHECK (principal > 0),
  daily_rate_ppm bigint NOT NULL,
  cycle_days integer NOT NULL,
  daily_profit bigint NOT NULL CHECK (daily_profit >= 0),
  accrued_days integer NOT NULL DEFAULT 0 CHECK (accrued_days BETWEEN 0 AND cycle_days),
  earned bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'earning' CHECK (status IN ('earning', 'complete', 'redeemed')),
  started_at timestamptz NOT NULL,
  next_due_at timestamptz NOT NULL,
  matures_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX earn_holdings_user ON earn_holdings (user_id, id);
-- The accrual loop asks "what is due?" every minute; only earning holdings matter.
CREATE INDEX earn_holdings_due ON earn_holdings (next_due_at, id) WHERE status = 'earning';

CREATE TABLE earn_revenue (
  holding_id integer NOT NULL REFERENCES earn_holdings(id),
  day date NOT NULL,
  day_index integer NOT NULL,
  principal bigint NOT NULL,
  profit bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A day's profit is paid at most once, whatever restarts or concurrent runs happen.
  PRIMARY KEY (holding_id, day),
  UNIQUE (holding_id, day_index)
);

-- order_id has no foreign key: orders belong to the market domain, and cashback must not depend on its schema.
CREATE TABLE referral_cashback (
  order_id bigint NOT NULL,
  beneficiary_id integer NOT NULL REFERENCES users(id),
  source_user_id integer NOT NULL REFERENCES users(id),
  generation smallint NOT NULL CHECK (generation BETWEEN 1 AND 9),
  fee bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, beneficiary_id)
);
CREATE INDEX referral_cashback_beneficiary ON referral_cashback (beneficiary_id, generation);

-- The invite screen walks the tree downwards.
CREATE INDEX IF NOT EXISTS users_inviter ON users (inviter_id);
