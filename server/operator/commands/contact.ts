import { sql } from 'drizzle-orm';
import { rows } from '../../db/rows.ts';
import { UsageError, type OperatorCommand } from '../registry.ts';
import { quoted } from '../terminal.ts';

const inbox: OperatorCommand = {
  name: 'contact-inbox',
  usage: '',
  help: 'Contact requests from visitors without a session (support/contact) not marked done, oldest first.',
  async run(deps) {
    const open = await rows<{ id: string; name: string; contact: string; message: string; at: string }>(
      deps.db,
      sql`SELECT id, name, contact, message, created_at::text AS at FROM contact_requests WHERE handled_at IS NULL ORDER BY id LIMIT 100`,
    );
    if (open.length === 0) return 'No open contact requests.';
    return open.map((r) => `#${r.id} ${r.at} ${quoted(r.name)} reach at ${quoted(r.contact)}: ${quoted(r.message)}`).join('\n');
  },
};

const done: OperatorCommand = {
  name: 'contact-done',
  usage: '<id>',
  help: 'Marks a contact request answered (you answered it through the contact the visitor gave).',
  async run(deps, args) {
    const [raw] = args;
    if (!raw || args.length !== 1 || !/^\d+$/.test(raw)) throw new UsageError('want one request id');
    const at = new Date(deps.clock.now()).toISOString();
    const updated = await rows<{ id: string }>(deps.db, sql`UPDATE contact_requests SET handled_at = ${at} WHERE id = ${raw} AND handled_at IS NULL RETURNING id`);
    return updated.length === 1 ? `Contact request #${raw} marked done.` : `No open contact request #${raw}.`;
  },
};

export const contactCommands: OperatorCommand[] = [inbox, done];
