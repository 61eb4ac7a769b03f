import type { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { depositRoutes } from './deposits.ts';
import { identityRoutes } from './identity.ts';
import { passwordRoutes } from './passwords.ts';
import { refundRoutes } from './refunds.ts';
import { statementRoutes } from './statements.ts';
import { walletRoutes } from './wallets.ts';
import { withdrawalRoutes } from './withdrawals.ts';

/** Money in and out, identity and passwords. */
export function moneyRoutes(app: Hono, deps: Deps) {
  walletRoutes(app, deps);
  depositRoutes(app, deps);
  withdrawalRoutes(app, deps);
  refundRoutes(app, deps);
  identityRoutes(app, deps);
  passwordRoutes(app, deps);
  statementRoutes(app, deps);
}
