import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Manifest {
  readonly dir: string;
  readonly name: string;
  readonly deps: readonly string[];
}

/** Every app's and package's manifest, with the names of everything it depends on (dev included). */
function manifests(group: 'apps' | 'packages'): Manifest[] {
  return readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = `${group}/${entry.name}`;
      let text: string;
      try {
        text = readFileSync(join(root, dir, 'package.json'), 'utf8');
      } catch {
        return [];
      }
      const json = JSON.parse(text) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const deps = [...Object.keys(json.dependencies ?? {}), ...Object.keys(json.devDependencies ?? {})];
      return [{ dir, name: json.name, deps }];
    });
}

describe('the workspace layers', () => {
  const apps = manifests('apps');
  const packages = manifests('packages');
  const appNames = new Set(apps.map((app) => app.name));

  it('are read from the tree (an empty read would prove nothing)', () => {
    expect(apps.map((app) => app.dir)).toContain('apps/worker');
    expect(packages.map((pkg) => pkg.dir)).toContain('packages/core');
  });

  it('keep apps thin: no app or package depends on an app', () => {
    // The reference generator sits above the apps: it documents their configuration
    // (docs/decisions/0002-reference-generator-above-the-apps.md). Nothing depends on it.
    const offenders = [...apps, ...packages]
      .filter(({ name }) => name !== '@quarry/app-docs')
      .flatMap(({ name, deps }) => deps.filter((dep) => appNames.has(dep)).map((dep) => `${name} → ${dep}`));
    expect(offenders).toEqual([]);
  });

  it('keep core pure: @quarry/core depends on zod only at run time', () => {
    const core = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(core.dependencies ?? {})).toEqual(['zod']);
  });

  it('keep the test kit out of run-time dependencies', () => {
    const runtime = [...apps, ...packages].flatMap(({ dir, name }) => {
      const json = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      return Object.keys(json.dependencies ?? {})
        .filter((dep) => dep === '@quarry/testing' || dep === 'testcontainers')
        .map((dep) => `${name} → ${dep}`);
    });
    expect(runtime).toEqual(['@quarry/testing → testcontainers']);
  });
});
