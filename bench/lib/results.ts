import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './figures.js';

const RESULTS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results/latest.json');

/** Collects figures, printing each as soon as it is measured so that a long run shows progress. */
export class Results {
  readonly figures: Figure[] = [];

  record(figure: Figure): void {
    this.figures.push(figure);
    process.stdout.write(`${JSON.stringify(figure)}\n`);
  }

  async write(startedAt: Date): Promise<string> {
    const document = {
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      figures: this.figures,
    };
    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    await writeFile(RESULTS_FILE, `${JSON.stringify(document, null, 2)}\n`);
    return RESULTS_FILE;
  }
}
