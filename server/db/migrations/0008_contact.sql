-- Contact requests from visitors without a session (a forgotten password): answered outside the app.
CREATE TABLE contact_requests (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  contact text NOT NULL CHECK (length(contact) BETWEEN 1 AND 120),
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  handled_at timestamptz
);
-- The per-IP limit counts recent rows; the operator lists unhandled ones.
CREATE INDEX contact_requests_ip ON contact_requests (ip, created_at);
CREATE INDEX contact_requests_open ON contact_requests (id) WHERE handled_at IS NULL;
