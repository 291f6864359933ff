import { readFileSync } from 'node:fs';
import { QueueConfig } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { type DashboardConfig, dashboardVariables, loadDashboardConfig } from './dashboard-config';

const repoFile = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
// docs/reference/configuration.md lists the variables of the schema: it is generated from it (apps/docs).
const USERS = 'alice:admin:pw';
/** A configuration without its random session key, with the queue settings resolved against their defaults. */
const comparable = ({ sessionKey: _key, users, queue, ...rest }: DashboardConfig) => ({
  ...rest,
  queue: QueueConfig.parse(queue),
  users: users.map((user) => user.name),
});

describe('the documented dashboard variables', () => {
  it('.env.example sets every variable of the schema once, to its default', () => {
    const assignments = repoFile('.env.example')
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, name = '', value = '']) => [name, value] as const);
    const names = assignments.map(([name]) => name);
    for (const variable of dashboardVariables) {
      expect(
        names.filter((name) => name === variable),
        variable,
      ).toHaveLength(1);
    }
    const example = Object.fromEntries(assignments.filter(([name]) => dashboardVariables.includes(name)));
    expect(comparable(loadDashboardConfig({ ...example, DASHBOARD_USERS: USERS }))).toEqual(
      comparable(loadDashboardConfig({ DASHBOARD_USERS: USERS })),
    );
  });
});
