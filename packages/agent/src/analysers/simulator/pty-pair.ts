import { spawn } from 'node:child_process';

/**
 * Two connected pseudo-terminals from Debian's socat, standing in for a serial cable: what one end
 * writes the other reads, with no line discipline in the way (raw, no echo).
 */
export async function openPtyPair(): Promise<{ a: string; b: string; close(): void }> {
  const child = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const paths: string[] = [];
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`socat gave no terminals: ${log}`)), 5000);
    child.once('error', reject);
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      for (const match of log.matchAll(/PTY is (\S+)/g))
        if (match[1] && !paths.includes(match[1])) paths.push(match[1]);
      // The transfer loop starts after both terminals exist; before it, bytes could be lost.
      if (paths.length === 2 && log.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { a: paths[0] as string, b: paths[1] as string, close: () => void child.kill('SIGTERM') };
}
