import { describe, expect, it } from 'vitest';
import { CONNECTION_SETUP } from '../../packages/server/src/db/open.js';
import { SERVER_CONNECTION_SETUP } from './postgres.js';

describe("the bench's own connections", () => {
  it("run first what each of the server's runs, which the bench itself may not import", () => {
    expect(SERVER_CONNECTION_SETUP).toBe(CONNECTION_SETUP);
  });
});
