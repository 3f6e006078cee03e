import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether Debian's poppler-utils is installed; the pixel checks need it and skip without it. */
export function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Rasterises the first page of a PDF in grey levels, as a printer or a scanner would see it. */
export function rasterise(pdf: Buffer, dpi: number): GreyImage {
  const dir = mkdtempSync(join(tmpdir(), 'sil-raster-'));
  try {
    writeFileSync(join(dir, 'page.pdf'), pdf);
    execFileSync(
      'pdftoppm',
      ['-r', String(dpi), '-gray', '-f', '1', '-l', '1', '-singlefile', 'page.pdf', 'page'],
      {
        cwd: dir,
      },
    );
    return parsePgm(readFileSync(join(dir, 'page.pgm')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parsePgm(data: Buffer): GreyImage {
  const header = data.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error('not a binary PGM image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: data.subarray(header[0].length, header[0].length + width * height) };
}

/** Alternating dark/light run lengths along one row, from the first dark pixel to the last. */
export function rowRuns(image: GreyImage, y: number): number[] {
  const row = image.pixels.subarray(y * image.width, (y + 1) * image.width);
  const dark = [...row].map((level) => level < 128);
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  const runs: number[] = [];
  for (let x = first; x <= last; x++) {
    if (x === first || dark[x] !== dark[x - 1]) runs.push(0);
    runs[runs.length - 1] = (runs[runs.length - 1] ?? 0) + 1;
  }
  return runs;
}
