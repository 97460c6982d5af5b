import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findMachines, withoutUiAdapter } from '../../scripts/paths/models';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run paths -- <args>`, as QA types it (without npm's banner). */
const paths = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('npm run paths', () => {
  it('lists one machine’s shortest paths in words, one line each, with its counts', () => {
    const { status, stdout } = paths('list', 'auth');

    expect(status).toBe(0);
    const [count, ...lines] = stdout.trim().split('\n');
    const total = Number(/^auth: (\d+) shortest paths from 4 entries, /.exec(count ?? '')?.[1]);
    expect(count).toMatch(/states (\d+)\/\1, transitions (\d+)\/\2$/);
    expect(lines).toHaveLength(total);
    expect(lines).toContain(
      '  6. [signed out at /social-login] login.submit {"form":{"email":"","password":""}} → steps.login',
    );
    expect(lines.some((line) => / xstate\.done\.actor\.signIn .* → done$/.test(line))).toBe(true);
  });

  it('lists a wait run out as one more path, its hundred polls as ×99 and the give-up (R4.4)', () => {
    const { status, stdout } = paths('list', 'takeaway-basket');

    expect(status).toBe(0);
    const poll = 'xstate.after.basketPoll.takeawayBasket.loading.waiting';
    expect(stdout).toContain(`${poll} → loading.waiting ×99, ${poll} → ready\n`);
  });

  it('lists every simple path with --simple', () => {
    const { status, stdout } = paths('list', 'auth', '--simple');

    expect(status).toBe(0);
    expect(stdout).toMatch(/^auth: \d+ simple paths from 4 entries, /);
  });

  it('refuses an unknown machine and names the machines there are', () => {
    const { status, stderr, stdout } = paths('list', 'no-such-flow');

    expect(status).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('Unknown machine "no-such-flow".');
    expect(stderr).toMatch(/The machines: .*\bauth\b.*\bkit-checkout\b.*\btakeaway-checkout\b/);
  });

  it('walks every machine through the real UI: each has its adapter (issue 14)', () => {
    expect(findMachines(root).filter((machine) => withoutUiAdapter(machine, root))).toEqual([]);
  });

  it('refuses to walk through the real UI a machine without a UI adapter, and says how to run it', () => {
    // A root with machines/ but no e2e/paths/: a new machine before its adapter is written.
    const [machine] = findMachines(root);
    const message = withoutUiAdapter(machine!, mkdtempSync(join(tmpdir(), 'no-adapters-')));

    expect(message).toContain(
      `${machine!.name} has no UI adapter yet (e2e/paths/${machine!.name}.ui.ts)`,
    );
    expect(message).toContain(`npm run paths -- run ${machine!.name}`);
  });
});
