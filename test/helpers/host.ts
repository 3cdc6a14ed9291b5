/** Starts the headless host as a child process the way the README does, and waits for its ready line. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gatewayDatabaseUrl } from './engine.js';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface HostProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stderr: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function tempDataDir(prefix = 'paydesk-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Runs the built host directly (`node dist/electron/host.js`): `npm test` builds first, and a
 * test that wants the full README path spawns `npm run -s serve` with `viaNpm`.
 */
export async function startHost(
  options: { dataDir?: string; args?: string[]; viaNpm?: boolean; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<HostProcess> {
  const dataDir = options.dataDir ?? tempDataDir();
  const given = options.args ?? [];
  // In the `postgres` test project the gateway keeps its state in PostgreSQL (test/helpers/engine.ts).
  const databaseUrl = given.includes('--database') ? undefined : await gatewayDatabaseUrl(dataDir);
  const hostArgs = ['--port', '0', '--data', dataDir, ...given, ...(databaseUrl ? ['--database', databaseUrl] : [])];
  const child = options.viaNpm
    ? spawn('npm', ['run', '-s', 'serve', '--', ...hostArgs], {
        cwd: repoRoot,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, ['dist/electron/host.js', ...hostArgs], {
        cwd: repoRoot,
        env: { ...process.env, PAYDESK_QUIET: '1', ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let errText = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errText += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // A death by signal is reported on stderr of the test, so a flaky exit can be diagnosed.
      if (code === null)
        process.stderr.write(`[host ${child.pid}] ended by ${signal}; its stderr:\n${errText.slice(-4000)}\n`);
      resolve(code);
    }),
  );
  const firstLine = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`host not ready in time; stderr:\n${errText}`)),
      options.timeoutMs ?? 30_000,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code} before ready; stderr:\n${errText}`));
    });
  });
  const match = /^ready (http:\/\/127\.0\.0\.1:\d+)$/.exec(firstLine);
  if (!match?.[1]) throw new Error(`unexpected first line: ${firstLine}`);
  return {
    url: match[1],
    dataDir,
    child,
    stderr: () => errText,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      // Through npm, signal the host itself (npm's child, exec'd by the script): npm answers its
      // own SIGTERM with 143 whatever the host does, but passes on the host's exit code.
      const target = options.viaNpm ? (childPids(child.pid!)[0] ?? child.pid!) : child.pid!;
      process.kill(target, signal);
      return exited;
    },
  };
}
