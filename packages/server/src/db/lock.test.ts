import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const lockFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'sil-lock-')), 'pgdata.lock');
/** The pid of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid as number;

describe('the embedded database lock', () => {
  const releases: Array<() => void> = [];
  afterEach(() => {
    for (const release of releases.splice(0)) release();
  });

  it('holds our pid, refuses a second holder and is removed on release', () => {
    const file = lockFile();
    const lock = lockDataDir(file);
    expect(readFileSync(file, 'utf8').split(' ')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(file)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('takes over the lock of a process that died without releasing it (SIGKILL)', () => {
    const file = lockFile();
    writeFileSync(file, `${deadPid()} 12345\n`);
    releases.push(lockDataDir(file).release);
    expect(readFileSync(file, 'utf8').split(' ')[0]).toBe(String(process.pid));
  });

  it('takes over the lock of a holder killed with SIGKILL and not yet reaped (a zombie)', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const pid = holder.pid as number;
    const stat = () => readFileSync(`/proc/${pid}/stat`, 'utf8');
    const file = lockFile();
    writeFileSync(file, `${pid} ${stat().split(') ')[1]?.split(' ')[19]}\n`);
    holder.kill('SIGKILL');
    // Waiting without yielding to the event loop: Node reaps its children there, so until this
    // test returns the killed holder stays a zombie, as a server killed under a busy parent does.
    const deadline = Date.now() + 5000;
    while (stat().split(') ')[1]?.[0] !== 'Z' && Date.now() < deadline) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
    expect(stat().split(') ')[1]?.[0]).toBe('Z');
    releases.push(lockDataDir(file).release);
    expect(readFileSync(file, 'utf8').split(' ')[0]).toBe(String(process.pid));
  });

  it('refuses while the holder is alive, and takes over a reused pid started at another time', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const file = lockFile();
      const started = readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
      writeFileSync(file, `${sleeper.pid} ${started}\n`);
      expect(() => lockDataDir(file)).toThrow(`already open by process ${sleeper.pid}`);
      writeFileSync(file, `${sleeper.pid} 1\n`);
      releases.push(lockDataDir(file).release);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});
