import { describe, expect, it } from 'vitest';
import { checksum, decodeFrame, encodeFrame, framesOf } from './frames.js';
import { readAstmMessage } from './message.js';
import { buildOrderMessage, buildQueryAnswer } from './message-build.js';
import { buildRecord, escapeText, parseRecords, unescapeText } from './records.js';

const d = { field: '|', repeat: '\\', component: '^', escape: '&' };

describe('LIS1-A frames', () => {
  it('sums the frame number, text and ETX modulo 256 in two uppercase hex digits', () => {
    const frame = encodeFrame(1, Buffer.from('L|1|N\r'), true);
    // '1' 0x31 + 'L|1|N\r' + ETX 0x03: 0x31+0x4C+0x7C+0x31+0x7C+0x4E+0x0D+0x03 = 0x204 → 04
    expect(frame.toString('latin1')).toBe('\x021L|1|N\r\x0304\r\n');
    expect(checksum(Buffer.from([0xff, 0x02]))).toBe('01');
  });

  it('splits a long record into 240-character ETB frames and wraps frame numbers 7 → 0', () => {
    const long = `R|1|^^^WBC|${'9'.repeat(600)}`;
    const frames = framesOf([
      Buffer.from('H|\\^&'),
      Buffer.from(long),
      ...Array.from({ length: 5 }, (_, i) => Buffer.from(`C|${i}`)),
    ]);
    const decoded = frames.map((f) => decodeFrame(f));
    expect(decoded.map((f) => (f.ok ? f.number : -1))).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 1]);
    expect(decoded.map((f) => (f.ok ? f.last : null))).toEqual([
      true,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(decoded.slice(1, 4).map((f) => (f.ok ? f.text.length : 0))).toEqual([
      240,
      240,
      long.length + 1 - 480,
    ]);
  });

  it('refuses a frame whose checksum or structure is wrong, and accepts lowercase hex', () => {
    const good = encodeFrame(3, Buffer.from('O|1|S1\r'), true);
    const bad = Buffer.from(good);
    bad[4] = 0x58;
    expect(decodeFrame(bad)).toEqual({ ok: false, reason: 'checksum' });
    expect(decodeFrame(good.subarray(0, -1))).toEqual({ ok: false, reason: 'structure' });
    const lower = Buffer.from(
      good.toString('latin1').replace(/([0-9A-F]{2})\r\n$/, (m) => m.toLowerCase()),
      'latin1',
    );
    expect(decodeFrame(lower)).toMatchObject({ ok: true, number: 3, last: true });
  });
});

describe('LIS2-A2 records', () => {
  it('reads the delimiters the header declares, with escapes', () => {
    const text =
      'H#~$!###ANALYSER$1.0\rP#1\rO#1#S-42$3$5##$$$GLU~$$$CREA\rR#1#$$$GLU#5!F!2#mmol/L#3.9 to 5.8#H~A##F\rL#1#N\r';
    const message = readAstmMessage(text);
    expect(message.delimiters).toEqual({ field: '#', repeat: '~', component: '$', escape: '!' });
    expect(message.sender).toEqual(['ANALYSER', '1.0']);
    const order = message.patients[0]?.orders[0];
    expect(order).toMatchObject({ specimenId: 'S-42', tests: ['GLU', 'CREA'] });
    expect(order?.results[0]).toMatchObject({
      testCode: 'GLU',
      value: '5#2',
      units: 'mmol/L',
      flags: ['H', 'A'],
      status: 'F',
    });
    expect(message.termination).toBe('N');
  });

  it('escapes delimiters in values and reads them back', () => {
    expect(escapeText('a|b^c\\d&e', d)).toBe('a&F&b&S&c&R&d&E&e');
    expect(unescapeText('a&F&b&S&c&R&d&E&e&X41&&H&', d)).toBe('a|b^c\\d&eA');
    expect(buildRecord('R', ['1', ['', '', '', 'WBC'], '7.2', '10^9/L'], d)).toBe('R|1|^^^WBC|7.2|10&S&9/L');
  });

  it('reads QC orders, comments and host queries', () => {
    const message = readAstmMessage(
      'H|\\^&\rP|1\rO|1|QC-L1||^^^HGB|||||||Q\rR|1|^^^HGB|13.1|g/dL||N||F\rC|1|I|in control^ok|G\rQ|1|^S-7||^^^ALL||||||||O\rL|1|N',
    );
    const order = message.patients[0]?.orders[0];
    expect(order?.actionCode).toBe('Q');
    expect(order?.results[0]?.comments).toEqual(['in control ok']);
    expect(message.queries).toEqual([{ sequence: '1', specimenIds: ['S-7'], tests: ['ALL'], status: 'O' }]);
  });

  it('builds orders and query answers the parser reads back', () => {
    const header = { sender: 'SIL', timestamp: '20240514083512' };
    const records = buildOrderMessage(header, [
      {
        specimenId: 'S-1',
        tests: ['GLU', 'UREA'],
        patient: { id: 'P1', surname: 'DURAND', firstName: 'Anne', sex: 'F' },
      },
    ]);
    const read = readAstmMessage(records.join('\r'));
    expect(read.patients[0]?.name).toEqual(['DURAND', 'Anne']);
    expect(read.patients[0]?.orders[0]).toMatchObject({
      specimenId: 'S-1',
      tests: ['GLU', 'UREA'],
      actionCode: 'N',
      reportType: 'O',
    });
    const answer = readAstmMessage(
      buildQueryAnswer(header, [{ specimenId: 'S-2', tests: ['K'] }]).join('\r'),
    );
    expect(answer.patients[0]?.orders[0]?.reportType).toBe('Q');
    const none = buildQueryAnswer(header, []);
    expect(readAstmMessage(none.join('\r')).termination).toBe('I');
    expect(parseRecords(none.join('\r')).records.map((r) => r.type)).toEqual(['H', 'L']);
  });
});
