import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { safeFileName } from '@sil/documents';
import { AgentError } from './errors.js';

/** Files a document scanner leaves in its folder, by extension. */
const SCAN_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

export interface ScanSettings {
  scanDir: string;
  scanMaxBytes: number;
  scanSettleMs: number;
}

export interface TakenScan {
  name: string;
  type: string;
  size: number;
  data: string;
  /** Where the scan now lives, out of the watched folder. */
  path: string;
}

/**
 * Hands out the newest scan and moves it out of the watched folder (into `sent/`, or into
 * `prescriptions/` under the record's name), so a document scanned for one patient can never be
 * picked up again for the next patient's record.
 */
export async function takeNewestScan(
  settings: ScanSettings,
  keep: { folder: string; name?: string },
): Promise<TakenScan> {
  const newest = await newestScan(settings);
  const age = Date.now() - newest.modified;
  if (age < settings.scanSettleMs) {
    throw new AgentError('scanInProgress', { name: newest.name, retryAfterMs: settings.scanSettleMs - age });
  }
  if (newest.size > settings.scanMaxBytes) {
    throw new AgentError('scanTooLarge', {
      name: newest.name,
      size: newest.size,
      maxBytes: settings.scanMaxBytes,
    });
  }
  const extension = extname(newest.name).toLowerCase();
  const bytes = await readFile(join(settings.scanDir, newest.name));
  const folder = join(settings.scanDir, keep.folder);
  await mkdir(folder, { recursive: true });
  const target = await freePath(folder, keep.name ? `${keep.name}${extension}` : newest.name);
  await rename(join(settings.scanDir, newest.name), target);
  return {
    name: target.slice(folder.length + 1),
    type: SCAN_TYPES[extension] ?? 'application/octet-stream',
    size: bytes.length,
    data: bytes.toString('base64'),
    path: target,
  };
}

/** A file name for a kept prescription, from the name the web app sends (e.g. the PDF file name). */
export function scanNameFrom(requested: string | undefined): string {
  const name = safeFileName(requested ?? '').replace(/\.(pdf|png|jpe?g|tiff?)$/i, '');
  if (!name || name.startsWith('.') || name.length > 200)
    throw new AgentError('invalidScanName', { name: requested ?? null });
  return name;
}

async function newestScan(settings: ScanSettings): Promise<{ name: string; modified: number; size: number }> {
  let names: string[];
  try {
    names = await readdir(settings.scanDir);
  } catch (error) {
    throw new AgentError('scanFolderUnavailable', { folder: settings.scanDir, reason: errorCode(error) });
  }
  const scans = await Promise.all(
    names
      .filter((name) => !name.startsWith('.') && extname(name).toLowerCase() in SCAN_TYPES)
      .map(async (name) => {
        const info = await stat(join(settings.scanDir, name)).catch(() => undefined);
        return info?.isFile() ? { name, modified: info.mtimeMs, size: info.size } : undefined;
      }),
  );
  const newest = scans
    .filter((scan) => scan !== undefined)
    .sort((a, b) => b.modified - a.modified || a.name.localeCompare(b.name))[0];
  if (!newest) throw new AgentError('noScanFound', { folder: settings.scanDir });
  return newest;
}

/** 'name.pdf', or 'name (2).pdf' and so on when the folder already holds one. */
async function freePath(folder: string, fileName: string): Promise<string> {
  const extension = extname(fileName);
  const base = fileName.slice(0, fileName.length - extension.length);
  for (let copy = 1; ; copy++) {
    const candidate = join(folder, copy === 1 ? fileName : `${base} (${copy})${extension}`);
    const exists = await stat(candidate).then(
      () => true,
      () => false,
    );
    if (!exists) return candidate;
  }
}

export function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
}
