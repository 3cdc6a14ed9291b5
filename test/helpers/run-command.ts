/**
 * Runs one of the project's commands to its end in the repository, as a user would from a shell, and
 * answers its exit code and output. PAYDESK_DATABASE_URL is cleared so only what a test passes counts.
 */
import { spawn } from 'node:child_process';
import { repoRoot } from './host.js';

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCommand(command: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  const child = spawn(command, argv, {
    cwd: repoRoot,
    env: { ...process.env, PAYDESK_DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
