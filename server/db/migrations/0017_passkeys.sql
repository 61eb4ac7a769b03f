-- Passkeys (WebAuthn): a member's credentials, and the challenges the server hands out for them.

-- One row per passkey a member added. credential_id and public_key are base64url, as the browser sends them;
-- counter is the authenticator's signature counter (0 for passkeys that sync, which do not count).
CREATE TABLE passkey_credentials (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkey_credentials_user ON passkey_credentials (user_id, id);

-- Each challenge is good once, until expires_at (the server's clock). challenge = SHA-256(nonce, purpose, the
-- canonical payload of what is approved) (server/passkeys/binding.ts); payload_digest is the payload's own
-- SHA-256, so the statement that consumes a step-up also checks it approves this very request. user_id is null
-- for a sign-in, whose member is known only from the passkey. Consumed by one conditional UPDATE ... WHERE
-- used_at IS NULL AND expires_at > now RETURNING, in the transaction of what it approves: a replay finds it used.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  nonce text NOT NULL,
  user_id integer REFERENCES users(id),
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'withdrawal', 'pay_password', 'passkey_remove')),
  payload_digest text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK ((purpose = 'login') = (user_id IS NULL))
);
CREATE INDEX passkey_challenges_expires ON passkey_challenges (expires_at);
