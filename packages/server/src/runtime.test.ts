import { describe, expect, it } from 'vitest';
import { unsupportedNodeMessage } from './runtime.js';

describe('the Node.js the server runs on', () => {
  it('runs on Node 24 and later, and says why it refuses an older one', () => {
    expect(unsupportedNodeMessage('24.21.0')).toBeNull();
    expect(unsupportedNodeMessage('26.1.0')).toBeNull();
    expect(unsupportedNodeMessage('20.20.2')).toBe(
      "Node.js 20.20.2 cannot run this server: it needs Node.js 24 or later. Start it with npm start, which runs the project's own Node 24 (npm install puts it in node_modules/.bin).",
    );
    expect(unsupportedNodeMessage('22.18.0')).toMatch(/^Node\.js 22\.18\.0 cannot run this server/);
  });

  it('is the Node that runs the tests, through the npm scripts', () => {
    expect(unsupportedNodeMessage()).toBeNull();
  });
});
