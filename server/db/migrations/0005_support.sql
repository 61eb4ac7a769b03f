-- Support chat: one conversation per member, text only.
CREATE TABLE support_messages (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  sender text NOT NULL CHECK (sender IN ('member', 'support')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX support_messages_user ON support_messages (user_id, id);
-- The operator's inbox: conversations with member messages nobody has read yet.
CREATE INDEX support_messages_unread_member ON support_messages (user_id) WHERE sender = 'member' AND read_at IS NULL;
