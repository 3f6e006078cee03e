/**
 * What the server's end-to-end tests drive (issue 41): the relay as the agent starts it and the
 * analyser simulator, through the package's face rather than its files.
 */
export { type Relay, startRelay } from './relay/relay.js';
export { AstmInstrument } from './simulator/astm-instrument.js';
export { Hl7Analyser, oulR22, qbpQ11, wrap as mllpFrameOf } from './simulator/hl7-analyser.js';
export { openPtyPair } from './simulator/pty-pair.js';
export { ASTM_QUERY } from './simulator/samples.js';
export { FAST } from './test-gateway.js';
export { openSerialDevice } from './transport/serial.js';
