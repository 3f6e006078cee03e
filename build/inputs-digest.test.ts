import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestOf, inputsDigest, isCurrent, type StampedBuild, writeStamp } from './inputs-digest.js';

describe('the digest that decides whether npm start rebuilds the web app or the server', () => {
  let root: string;
  const file = (name: string) => path.join(root, name);

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sil-stamp-'));
    mkdirSync(file('src/features'), { recursive: true });
    writeFileSync(file('src/main.tsx'), 'render()');
    writeFileSync(file('src/features/page.tsx'), 'export const Page = 1;');
    writeFileSync(file('index.html'), '<html></html>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const digest = () => inputsDigest([file('src'), file('index.html'), file('absent.json')], root);

  it('stays the same when nothing changed, even when files were touched', async () => {
    const before = await digest();
    utimesSync(file('src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(await digest()).toBe(before);
  });

  it('changes with a file content, a new file or a renamed file', async () => {
    const before = await digest();
    writeFileSync(file('src/main.tsx'), 'render(2)');
    const edited = await digest();
    expect(edited).not.toBe(before);
    writeFileSync(file('src/features/other.tsx'), '');
    const added = await digest();
    expect(added).not.toBe(edited);
    rmSync(file('src/features/other.tsx'));
    writeFileSync(file('src/features/renamed.tsx'), '');
    expect(await digest()).not.toBe(added);
  });

  it('ignores test files, which are not part of the build', async () => {
    const before = await digest();
    writeFileSync(file('src/features/page.test.tsx'), 'it()');
    expect(await digest()).toBe(before);
  });

  it('calls a build current only with its output there and the stamp of the inputs as they are', async () => {
    const build: StampedBuild = {
      output: file('dist/index.html'),
      stamp: file('dist/.build-stamp'),
      inputs: [file('src'), file('index.html')],
      root,
    };
    expect(await isCurrent(build)).toBe(false);
    mkdirSync(file('dist'));
    await writeStamp(build, digestOf(build));
    // A stamp without the output it stamps is not a build.
    expect(await isCurrent(build)).toBe(false);
    writeFileSync(file('dist/index.html'), '<html></html>');
    expect(await isCurrent(build)).toBe(true);
    writeFileSync(file('src/main.tsx'), 'render(3)');
    expect(await isCurrent(build)).toBe(false);
  });
});
