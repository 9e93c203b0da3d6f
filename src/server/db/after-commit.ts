/**
 * Work to do once a transaction has committed, such as waking the job that delivers what the
 * transaction queued (a wake before the commit finds nothing to claim). `db.transaction` of every
 * database this app opens runs the hooks registered on its `tx` after the commit, and none after a
 * rollback. Given the database itself (no transaction: the statement has committed) or a nested
 * transaction, the hook runs at once; the job's poll still finds the work if that was too early.
 */
const hooksOf = new WeakMap<object, Array<() => void>>();

/** `tx`: a transaction, or the database itself (db/client.ts `Tx | Db`). */
export function afterCommit(tx: object, hook: () => void): void {
  const hooks = hooksOf.get(tx);
  if (hooks) hooks.push(hook);
  else hook();
}

/** What of a database this needs: its `transaction` (db/client.ts `Db`, typed here to spare a cycle). */
interface Transacting {
  // biome-ignore lint/suspicious/noExplicitAny: any database's transaction signature.
  transaction(work: (tx: any) => Promise<any>, config?: any): Promise<any>;
}

/** Makes `db.transaction` run the hooks registered with `afterCommit` on its transaction. */
export function withAfterCommitHooks<D extends Transacting>(db: D): D {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const hooks: Array<() => void> = [];
    const result = await transaction(async (tx) => {
      hooksOf.set(tx, hooks);
      return work(tx);
    }, config);
    for (const hook of hooks) hook();
    return result;
  };
  return db;
}
