-- Money in and out: bound cards and addresses, reviewed requests, identity checks, platform settings.
-- Amounts are bigint cents; statuses are the contract's review statuses.

CREATE TABLE bank_cards (
  id serial PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users(id),
  bank_name text NOT NULL,
  card_number text NOT NULL,
  account_name text NOT NULL,
  branch text NOT NULL,
  city text NOT NULL,
  province text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE withdraw_addresses (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  network text NOT NULL DEFAULT 'TRC20',
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, address)
);

CREATE TABLE deposits (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  method text NOT NULL CHECK (method IN ('bank', 'trc20')),
  amount bigint NOT NULL CHECK (amount > 0),
  reference text NOT NULL,
  receipt_file text,
  status text NOT NULL DEFAULT 'review' CHECK (status IN ('review', 'success', 'fail')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX deposits_user ON deposits (user_id, id);
CREATE INDEX deposits_pending ON deposits (id) WHERE status = 'review';

CREATE TABLE withdrawals (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  method text NOT NULL CHECK (method IN ('bank', 'trc20')),
  amount bigint NOT NULL CHECK (amount > 0),
  -- Where the money goes, copied at request time so a later rebind cannot redirect it.
  destination text NOT NULL,
  status text NOT NULL DEFAULT 'review' CHECK (status IN ('review', 'success', 'fail')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_pending ON withdrawals (id) WHERE status = 'review';

CREATE TABLE refund_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  nationality text NOT NULL,
  name text NOT NULL,
  id_number text NOT NULL,
  lost_amount bigint NOT NULL CHECK (lost_amount > 0),
  refund_number text NOT NULL,
  -- What approval credited (the operator may credit less than the claimed loss).
  credited bigint,
  status text NOT NULL DEFAULT 'review' CHECK (status IN ('review', 'success', 'fail')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX refund_requests_user ON refund_requests (user_id, id);
CREATE INDEX refund_requests_pending ON refund_requests (id) WHERE status = 'review';

CREATE TABLE identity_checks (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  real_name text NOT NULL,
  id_number text NOT NULL,
  -- Random file names inside the upload folder, which is never served.
  front_file text NOT NULL,
  back_file text NOT NULL,
  status text NOT NULL DEFAULT 'review' CHECK (status IN ('review', 'approved', 'denied')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX identity_checks_user ON identity_checks (user_id, id);
-- At most one check under review per member, even under concurrent submissions.
CREATE UNIQUE INDEX identity_checks_one_pending ON identity_checks (user_id) WHERE status = 'review';

-- Where members send deposits. Demo values; an operator sets their own with `npm run operator -- recharge-set`.
CREATE TABLE platform_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO platform_settings (key, value) VALUES
  ('recharge.trc20.address', 'TLm29gGY1hPDTVrGX5Jxrag5qoxQ2F7LSs'),
  ('recharge.bank.bankName', 'Vietcombank'),
  ('recharge.bank.accountName', 'Candlewick Demo Ltd'),
  ('recharge.bank.cardNumber', '0071000123456'),
  ('recharge.bank.branch', 'Ho Chi Minh City Branch');
