import { Journal } from '../journal.js';

// Test support: appends messages without end and prints each id once the journal has it on disk
// ('A id'), as the gateway would acknowledge the analyser; the test kills it with SIGKILL at some
// point. With 'forwarding', every other message is then marked forwarded ('F id' once on disk), as
// the server's acknowledgements would, and the journal compacts every 20 of them.
const forwarding = process.argv[3] === 'forwarding';
const journal = await Journal.open(process.argv[2] as string, forwarding ? { compactEvery: 20 } : {});
for (let i = 0; ; i++) {
  const entry = await journal.append('analyser-1', 'astm', `H|\\^&\rR|1|^^^GLU|${i}\rL|1|N\r`);
  process.stdout.write(forwarding ? `A ${entry.id}\n` : `${entry.id}\n`);
  if (forwarding && i % 2 === 0) {
    await journal.markForwarded([entry.id]);
    process.stdout.write(`F ${entry.id}\n`);
  }
}
