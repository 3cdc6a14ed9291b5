/** Group commit and the checkpoint worker, on real SQLite files. */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../electron/platform/checkpointer.js';
import { openDatabase, type Db } from '../../electron/platform/db.js';
import { GroupCommit } from '../../electron/platform/group-commit.js';

const migrations = [
  {
    version: 1,
    name: 'items',
    up: (db: Db) => db.exec('CREATE TABLE items (name TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT'),
  },
];
const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pd-gc-'));
  dirs.push(dir);
  return join(dir, 'test.db');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('GroupCommit', () => {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('keeps gathering while writes arrive turn after turn (a burst read off many sockets), into one commit', async () => {
    const db = openDatabase({ file: tempFile(), migrations });
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO items (name, n) VALUES (?, ?)');
    // Two writes in this turn, then one more in each of the next two: as requests arrive in a burst.
    const writes = [group.run(() => insert.run('a', 1).changes), group.run(() => insert.run('b', 2).changes)];
    await nextTurn();
    writes.push(group.run(() => insert.run('c', 3).changes));
    await nextTurn();
    writes.push(group.run(() => insert.run('d', 4).changes));
    expect(await Promise.all(writes)).toEqual([1, 1, 1, 1]);
    expect(group.committed).toBe(1);
    db.close();
  });

  it('commits a lone write on the next turn, and never waits more than a few turns for writes that keep coming', async () => {
    const db = openDatabase({ file: tempFile(), migrations });
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO items (name, n) VALUES (?, ?)');
    let lone = false;
    void group.run(() => insert.run('lone', 0)).then(() => (lone = true));
    await nextTurn();
    expect(lone).toBe(true);

    // A new write every turn, for ever (here 12 turns): the first of them is committed within 5 turns.
    const done: boolean[] = [];
    for (let turn = 0; turn < 12; turn++) {
      const index = turn;
      void group.run(() => insert.run(`w${index}`, index)).then(() => (done[index] = true));
      if (turn === 5) expect(done[0]).toBe(true);
      await nextTurn();
    }
    await nextTurn();
    expect(group.committed).toBeGreaterThan(2);
    db.close();
  });

  it('runs writes of one turn in one transaction; a failing write rolls back only itself', async () => {
    const db = openDatabase({ file: tempFile(), migrations });
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO items (name, n) VALUES (?, ?)');
    const results = await Promise.allSettled([
      group.run(() => insert.run('a', 1).changes),
      group.run(() => {
        insert.run('b', 2);
        throw new Error('refused after writing');
      }),
      group.run(() => insert.run('c', 3).changes),
      group.run(() => insert.run('a', 9).changes), // duplicate key: fails alone
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(db.prepare('SELECT name, n FROM items ORDER BY name').all()).toEqual([
      { name: 'a', n: 1 },
      { name: 'c', n: 3 },
    ]);
    db.close();
  });

  it('a write refused before writing anything leaves the batch alone; one that wrote part of itself makes the batch run again, isolated', async () => {
    const db = openDatabase({ file: tempFile(), migrations });
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO items (name, n) VALUES (?, ?)');
    const runs = { a: 0, refused: 0, b: 0 };
    const clean = await Promise.allSettled([
      group.run(() => (runs.a++, insert.run('a', 1).changes)),
      group.run(() => {
        runs.refused++;
        throw new Error('bad input');
      }),
      group.run(() => (runs.b++, insert.run('b', 2).changes)),
    ]);
    expect(clean.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual({ a: 1, refused: 1, b: 1 }); // no second pass

    const partialRuns = { c: 0, partial: 0 };
    const partial = await Promise.allSettled([
      group.run(() => (partialRuns.c++, insert.run('c', 3).changes)),
      group.run(() => {
        partialRuns.partial++;
        insert.run('half', 0);
        throw new Error('failed halfway');
      }),
    ]);
    expect(partial.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(partialRuns).toEqual({ c: 2, partial: 2 }); // the shared pass rolled back, then each alone
    expect(db.prepare('SELECT name FROM items ORDER BY name').pluck().all()).toEqual(['a', 'b', 'c']);
    db.close();
  });

  it('resolves only after the commit is visible to another connection', async () => {
    const file = tempFile();
    const db = openDatabase({ file, migrations });
    const reader = new Database(file, { readonly: true });
    const group = new GroupCommit(db);
    const seenInside: number[] = [];
    await group.run(() => {
      db.prepare("INSERT INTO items (name, n) VALUES ('x', 1)").run();
      seenInside.push((reader.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n);
    });
    expect(seenInside).toEqual([0]);
    expect((reader.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n).toBe(1);
    reader.close();
    db.close();
  });
});

describe('checkpoint worker', () => {
  it('tells a write who asked for it while it runs, and nobody outside it', async () => {
    const db = openDatabase({ file: tempFile(), migrations });
    const group = new GroupCommit(db);
    const seen = await Promise.all([
      group.run(() => group.asker(), '10.0.0.1'),
      group.run(() => group.asker()),
      group.run(() => group.asker(), '10.0.0.2'),
      group
        .run(() => {
          throw new Error('refused');
        }, '10.0.0.3')
        .catch(() => group.asker()),
    ]);
    expect(seen).toEqual(['10.0.0.1', undefined, '10.0.0.2', undefined]);
    expect(group.asker()).toBeUndefined();
    db.close();
  });

  it('copies the WAL into the database off the main thread', async () => {
    const file = tempFile();
    const db = openDatabase({ file, migrations, walAutocheckpointPages: 0 });
    const insert = db.prepare('INSERT INTO items (name, n) VALUES (?, ?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`item-${i}-${'x'.repeat(100)}`, i);
    })();
    const sizeBefore = statSync(file).size;
    const checkpointer = startCheckpointer({
      file,
      sqliteModule: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: 20,
    });
    await expect.poll(() => statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(sizeBefore);
    await checkpointer.close();
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect((db.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n).toBe(2000);
    db.close();
  });
});

describe('GroupCommit on a full disk', () => {
  it('rejects every write of a batch SQLite rolled back with the storage error, and commits none of them', async () => {
    const db = openDatabase({ file: tempFile(), migrations });
    const insert = db.prepare('INSERT INTO items (name, n) VALUES (?, ?)');
    // Fill the file up to a page limit, as a full disk would.
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 2}`);
    const group = new GroupCommit(db);
    const big = 'x'.repeat(3000);
    const results = await Promise.allSettled([
      group.run(() => insert.run('a', 1).changes),
      group.run(() => {
        for (let i = 0; i < 20; i++) insert.run(`${big}${i}`, i); // runs out of pages half-way
        return 'done';
      }),
      group.run(() => insert.run('c', 3).changes),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) expect(String((result as PromiseRejectedResult).reason)).toMatch(/full/i);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 0 });
    // Space again: the next writes go through normally.
    db.pragma('max_page_count = 1000000');
    expect(await group.run(() => insert.run('d', 4).changes)).toBe(1);
    db.close();
  });
});
