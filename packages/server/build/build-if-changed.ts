import { bundleIsCurrent, bundleServer } from './bundle.js';

// `npm start` bundles the server only when its sources changed since the last bundle.
if (await bundleIsCurrent()) process.stdout.write('server unchanged since its last build: not rebuilt\n');
else await bundleServer();
