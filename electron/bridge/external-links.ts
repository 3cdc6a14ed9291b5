/**
 * The links the app may open in the system browser: only the block-explorer URLs the main process
 * itself handed to its window (PosApi results), never a URL a page made up. A compromised or
 * confused renderer therefore cannot use the shell to open arbitrary URLs or schemes.
 */
export class IssuedLinks {
  private readonly links = new Set<string>();

  constructor(private readonly limit = 5000) {}

  /** Notes every https `explorerUrl` found in a PosApi result (any depth). */
  noteFrom(value: unknown, depth = 0): void {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) this.noteFrom(item, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'explorerUrl' && typeof item === 'string') this.note(item);
      else this.noteFrom(item, depth + 1);
    }
  }

  private note(url: string): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return;
    }
    if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return;
    if (this.links.size >= this.limit) this.links.clear(); // bounded; an old link is simply refused
    this.links.add(url);
  }

  allows(url: string): boolean {
    return this.links.has(url);
  }
}
