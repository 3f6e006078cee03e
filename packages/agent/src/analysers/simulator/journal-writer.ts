import { Journal } from '../journal.js';

// Test support: appends messages without end and prints each id once the journal has it on disk,
// as the gateway would acknowledge the analyser; the test kills it with SIGKILL at some point.
const journal = await Journal.open(process.argv[2] as string);
for (let i = 0; ; i++) {
  const entry = await journal.append('analyser-1', 'astm', `H|\\^&\rR|1|^^^GLU|${i}\rL|1|N\r`);
  process.stdout.write(`${entry.id}\n`);
}
