import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Refused start: another live process holds the embedded database. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${lockPath.replace(/\/[^/]+$/, '')} is already open by process ${holderPid}. ` +
        'Only one server may write to it: stop that process, or use PostgreSQL (DATABASE_URL) to run several servers.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds: a second open of the same directory in-process is refused too. */
const held = new Set<string>();

/**
 * When the process started, on Linux (field 22 of /proc/PID/stat): with the pid it names one
 * process, so a pid reused after a crash (pid 1 in every container, for instance) is not taken
 * for the holder. Empty where /proc does not exist.
 */
const startTimeOf = (pid: number): string => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
};

/**
 * Whether the process has exited and only waits for its parent to collect it (state Z in
 * /proc/PID/stat, Linux). A server killed with SIGKILL stays such a zombie until its parent (a
 * shell, npm, a supervisor) reaps it, often for a second or more; it holds nothing any more, yet
 * `kill(pid, 0)` still succeeds on it, so without this a restart in that second was refused.
 * Where /proc does not exist the answer is false and the pid test alone decides, as before.
 */
const isZombie = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) === 'Z';
  } catch {
    return false;
  }
};

interface Holder {
  pid: number;
  started: string;
}

const isAlive = ({ pid, started }: Holder): boolean => {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the directory.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (isZombie(pid)) return false;
  return started === '' || startTimeOf(pid) === '' || startTimeOf(pid) === started;
};

const readHolder = (file: string): Holder | null => {
  try {
    const [pidText, started = ''] = readFileSync(file, 'utf8').trim().split(' ');
    const pid = Number.parseInt(pidText ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, started } : null;
  } catch {
    return null;
  }
};

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * One writer on the embedded database: an exclusive lock file holding our pid. PGlite has no
 * lock of its own, and two processes on one directory hand out the same record numbers and lose
 * writes. A process killed with SIGKILL leaves the file behind: a lock whose pid is no longer
 * alive (gone, a zombie, or a reused pid started at another time) is stale and taken over.
 */
export function lockDataDir(lockFile: string): DataDirLock {
  const lockPath = path.resolve(lockFile);
  if (held.has(lockPath)) throw new DataDirLockedError(lockPath, process.pid);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid} ${startTimeOf(process.pid)}\n`);
      closeSync(fd);
      return lockOf(lockPath);
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(lockPath, holder.pid);
    if (holder === null && attempt === 0) {
      // Being written by a process that has just created it: look again before calling it stale.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    takeOverStale(lockPath, holder);
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

/**
 * Moves the stale file aside with an atomic rename, so that of two processes starting together
 * after a crash only one removes it; if what was moved turns out to be a live lock created in
 * between, it is put back (link fails when a newer one already stands there).
 */
function takeOverStale(lockPath: string, stale: Holder | null): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if (errno(error) === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved !== null && moved.pid !== stale?.pid && isAlive(moved)) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // A third process already holds a fresh lock: the loop will find it.
    }
  }
  unlinkSync(aside);
}

function lockOf(lockPath: string): DataDirLock {
  held.add(lockPath);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(lockPath);
    process.off('exit', release);
    // Only remove the file if it is still ours.
    if (readHolder(lockPath)?.pid === process.pid) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Already gone: nothing to release.
      }
    }
  };
  process.on('exit', release);
  return { release };
}
