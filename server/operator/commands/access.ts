import { sql } from 'drizzle-orm';
import { rows } from '../../db/rows.ts';
import { newInviteCode } from '../../auth/invite-code.ts';
import { parseArgs, UsageError, type OperatorCommand } from '../registry.ts';

const CODE = /^[A-Z0-9]{4,16}$/;

/** A deployment without the demo starts with no members, so nobody could invite the first ones. */
const inviteCreate: OperatorCommand = {
  name: 'invite-create',
  usage: '[<CODE>]',
  help: 'Create an invitation code (4-16 letters and digits; random if not given) that registers members with no inviter. Lists the codes.',
  async run(deps, args) {
    const { words } = parseArgs(args);
    const code = (words[0] ?? newInviteCode()).toUpperCase();
    if (!CODE.test(code)) throw new UsageError('A code has 4 to 16 letters and digits');
    const [taken] = await rows<{ n: number }>(deps.db, sql`SELECT count(*)::int AS n FROM users WHERE invite_code = ${code}`);
    if (Number(taken?.n) > 0) throw new Error(`${code} is already a member's invitation code`);
    await deps.db.execute(sql`INSERT INTO invitation_codes (code) VALUES (${code}) ON CONFLICT (code) DO NOTHING`);
    const all = await rows<{ code: string }>(deps.db, sql`SELECT code FROM invitation_codes ORDER BY created_at, code`);
    return `Invitation code ${code} is ready.\nOperator codes: ${all.map((r) => r.code).join(', ')}`;
  },
};

export const accessCommands: OperatorCommand[] = [inviteCreate];
