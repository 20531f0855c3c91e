import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUNNER_TOKEN_SCOPES, endpoints, type EndpointName } from '@mako/contract';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Every `api.call('name'` in the runner's sources: the calls it makes with its token. */
function runnerCalls(): EndpointName[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const names = new Set<string>();
  for (const file of files)
    for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(/\bapi\.call\(\s*'(\w+)'/g))
      names.add(match[1]!);
  return [...names].sort() as EndpointName[];
}

describe('the runner’s calls and the default token scopes', () => {
  it('makes only calls that a token with the runner scopes may make', () => {
    const calls = runnerCalls();
    // What the runner calls today; a new call shows up here and must be within the scopes below.
    expect(calls).toEqual([
      'createBenchmark',
      'createSweep',
      'getBest',
      'getSession',
      'me',
      'nextConfigs',
      'postResult',
      'releaseConfig',
      'renewLease',
      'updateSweep',
    ]);
    for (const name of calls) {
      const def = endpoints[name];
      expect(def, name).toBeDefined();
      const scope = 'scope' in def ? def.scope : undefined;
      expect([name, RUNNER_TOKEN_SCOPES.includes(scope as never)]).toEqual([name, true]);
    }
  });
});
