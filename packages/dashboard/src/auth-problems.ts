import type { EnvProblem } from '@quarry/env';
import { usersForm } from './auth/dashboard-user';

/** The only address the dashboard may listen on with authentication switched off. */
export const LOOPBACK_HOST = '127.0.0.1';

/** The problems of an authentication setup: users are required unless auth is off, and off only on 127.0.0.1. */
export function authProblems(setup: {
  readonly authDisabled: boolean;
  readonly hasUsers: boolean;
  readonly host: string;
}): EnvProblem[] {
  const problems: EnvProblem[] = [];
  if (!setup.authDisabled && !setup.hasUsers) {
    problems.push({
      variable: 'DASHBOARD_USERS',
      expected: `${usersForm} (required unless DASHBOARD_AUTH=off with DASHBOARD_HOST=${LOOPBACK_HOST})`,
      received: null,
    });
  }
  if (setup.authDisabled && setup.host !== LOOPBACK_HOST) {
    problems.push({
      variable: 'DASHBOARD_AUTH',
      expected: `on, or off only with DASHBOARD_HOST=${LOOPBACK_HOST} (it is ${JSON.stringify(setup.host)})`,
      received: '"off"',
    });
  }
  return problems;
}
