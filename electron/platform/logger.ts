/**
 * Structured logs as JSON lines. The host keeps stdout for its single `ready` line, so logs
 * go to stderr and/or a file in the data directory.
 */
import { appendFileSync } from 'node:fs';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Also append to this file. */
  file?: string;
  /** Write to stderr (default true). */
  stderr?: boolean;
}

export function createLogger(options: LoggerOptions = {}, bindings: Record<string, unknown> = {}): Logger {
  const min = ORDER[options.level ?? 'info'];
  const write = (level: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    if (ORDER[level] < min) return;
    // Real time on purpose: logs tell when things happened on this machine, even in sandbox mode.
    const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...bindings, ...fields }) + '\n';
    if (options.stderr ?? true) process.stderr.write(line);
    if (options.file) {
      try {
        appendFileSync(options.file, line, { mode: 0o600 });
      } catch {
        // A log file we cannot write must never take the till down.
      }
    }
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (b) => createLogger(options, { ...bindings, ...b }),
  };
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
