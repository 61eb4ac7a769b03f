import { SUPPORT_MESSAGE_MAX } from '../../../src/contract/support.ts';
import { addMessage, conversation, inbox, markRead } from '../../support/messages.ts';
import { memberNamed } from '../member-named.ts';
import { UsageError, type OperatorCommand } from '../registry.ts';
import { quoted } from '../terminal.ts';

const list: OperatorCommand = {
  name: 'support-inbox',
  usage: '',
  help: 'Conversations with member messages nobody has read yet, longest waiting first.',
  async run(deps) {
    const waiting = await inbox(deps.db);
    if (waiting.length === 0) return 'No unread member messages.';
    return waiting
      .map((w) => `${w.username}: ${Number(w.unread)} unread since ${new Date(w.waiting_since).toISOString()}, last: ${quoted(w.last_body.slice(0, 80))}`)
      .join('\n');
  },
};

const show: OperatorCommand = {
  name: 'support-show',
  usage: '<username>',
  help: "Shows a member's conversation (latest 100 messages) and marks their messages read.",
  async run(deps, args) {
    const [username] = args;
    if (!username || args.length !== 1) throw new UsageError('want one username');
    const id = await memberNamed(deps.db, username);
    const { items } = await conversation(deps.db, id, undefined);
    await markRead(deps.db, id, 'member', deps.clock.now());
    if (items.length === 0) return `No messages with ${username}.`;
    return items.map((m) => `${new Date(m.createdAt).toISOString()} ${m.from === 'member' ? username : 'support'}: ${quoted(m.body)}`).join('\n');
  },
};

const reply: OperatorCommand = {
  name: 'reply',
  usage: '<username> <text...>',
  help: "Answers a member in the support chat; their unread messages count as read.",
  async run(deps, args) {
    const [username, ...words] = args;
    const text = words.join(' ').trim();
    if (!username || text === '') throw new UsageError('want a username and the text');
    if (text.length > SUPPORT_MESSAGE_MAX) throw new UsageError(`the text is longer than ${SUPPORT_MESSAGE_MAX} characters`);
    if (text.includes('\u0000')) throw new UsageError('the text contains a NUL character');
    const id = await memberNamed(deps.db, username);
    const now = deps.clock.now();
    const sent = await deps.db.transaction(async (tx) => {
      await markRead(tx, id, 'member', now);
      return addMessage(tx, id, 'support', text, now);
    });
    return `Replied to ${username} (message #${sent.id}).`;
  },
};

export const supportCommands: OperatorCommand[] = [list, show, reply];
