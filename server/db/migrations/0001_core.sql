CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  phone text NOT NULL,
  password_hash text NOT NULL,
  pay_password_hash text,
  pay_password_fails smallint NOT NULL DEFAULT 0,
  pay_password_locked_until timestamptz,
  invite_code text NOT NULL,
  inviter_id integer REFERENCES users(id),
  verified boolean NOT NULL DEFAULT false,
  deposited_total bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique regardless of case.
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_invite_code ON users (invite_code);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE accounts (
  user_id integer PRIMARY KEY REFERENCES users(id),
  available bigint NOT NULL DEFAULT 0 CHECK (available >= 0),
  frozen bigint NOT NULL DEFAULT 0 CHECK (frozen >= 0)
);

CREATE TABLE ledger (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  type text NOT NULL,
  amount bigint NOT NULL,
  available_delta bigint NOT NULL,
  balance_after bigint NOT NULL,
  ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_user_id ON ledger (user_id, id);

CREATE TABLE idempotency_keys (
  user_id integer NOT NULL,
  key text NOT NULL,
  path text NOT NULL,
  body_hash text NOT NULL,
  status smallint NOT NULL,
  response text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE notices (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  lang text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
