// Run by `npm run bench -- --node-compare` once on each Node: prints the in-process figures as JSON.
import { measureInProcess } from './lib/in-process.js';

process.stdout.write(`${JSON.stringify({ node: process.version, figures: await measureInProcess() })}\n`);
