-- Secrets the server makes for itself at first start (the market seed, the idempotency HMAC key): random
-- 256-bit values that live only in the database, never in code or configuration. Written once with
-- INSERT ... ON CONFLICT DO NOTHING, so several processes starting together agree on one value.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Attempt counters for guessable secrets (login, transaction password, password change, registration, the
-- contact form). Each attempt is counted by one atomic INSERT ... ON CONFLICT ... RETURNING *before* the
-- secret is checked, so parallel guesses cannot slip past the limit, and every server process shares them.
-- bucket: '<what>:<scope>:<key>', e.g. 'login:src:203.0.113.9' or 'login:acct:alice'. See server/auth/attempts.ts.
CREATE TABLE rate_limits (
  bucket text PRIMARY KEY,
  -- attempts (allowed or not) since window_start
  n integer NOT NULL,
  -- epoch ms (server clock) the bucket started remembering; it forgets everything a `memory` later
  window_start bigint NOT NULL,
  -- epoch ms before which an attempt beyond the free allowance is refused; doubles with each one allowed
  reset_at bigint NOT NULL,
  -- whether the last attempt counted here may go on to check its secret (answered by RETURNING)
  allowed boolean NOT NULL
);
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);

-- Invitation codes the operator creates (`npm run operator -- invite-create`), for a deployment whose first
-- members have nobody to invite them. A member registered with one has no inviter.
CREATE TABLE invitation_codes (
  code text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The demo deposit addresses 0003 seeded everywhere now come only with DEMO=true (server/seed.ts puts them
-- back at each demo start); a real deployment sets its own with `npm run operator -- recharge-set`.
DELETE FROM platform_settings WHERE (key, value) IN (
  ('recharge.trc20.address', 'TLm29gGY1hPDTVrGX5Jxrag5qoxQ2F7LSs'),
  ('recharge.bank.bankName', 'Vietcombank'),
  ('recharge.bank.accountName', 'Candlewick Demo Ltd'),
  ('recharge.bank.cardNumber', '0071000123456'),
  ('recharge.bank.branch', 'Ho Chi Minh City Branch')
);
