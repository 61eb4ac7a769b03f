-- A member's signed-in devices. Each session has an id of its own to be listed and ended by (the token's hash
-- never leaves the server), the browser and system it signed in from (parsed from its User-Agent at sign-in; the
-- raw string is not kept), and when it was last used. Its end (expires_at, which every check already reads) now
-- moves with use: the server sets it to the last use plus the idle time, at most the maximum life after
-- created_at (server/auth/session-life.ts). Sessions signed in before this keep their end until first used.
ALTER TABLE sessions
  ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN browser text NOT NULL DEFAULT '',
  ADD COLUMN os text NOT NULL DEFAULT '',
  ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
UPDATE sessions SET last_active_at = created_at;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
