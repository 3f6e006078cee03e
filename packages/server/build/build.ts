import { bundleServer } from './bundle.js';

await bundleServer();
