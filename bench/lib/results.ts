import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './figures.js';

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** Collects figures, printing each as soon as it is measured so that a long run shows progress. */
export class Results {
  readonly figures: Figure[] = [];

  /** The scale mode keeps its own file, so that a quick run does not overwrite the 1 M-record figures. */
  constructor(private readonly fileName = 'latest.json') {}

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
    const file = path.join(RESULTS_DIR, this.fileName);
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
    return file;
  }
}
