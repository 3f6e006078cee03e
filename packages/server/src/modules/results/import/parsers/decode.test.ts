import { describe, expect, it } from 'vitest';
import { decodeFile } from './decode.js';

const text = 'Échantillon;résultat\r\n2611230001-01;négatif\r\n';

describe('decodeFile', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    const bytes = Buffer.from(text, 'utf8');
    expect(decodeFile(bytes)).toEqual({ text, encoding: 'utf-8' });
    expect(decodeFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]))).toEqual({
      text,
      encoding: 'utf-8',
    });
  });

  it('reads UTF-16 little- and big-endian, with a mark or recognised by its zero bytes', () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeFile(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toEqual({
      text,
      encoding: 'utf-16le',
    });
    expect(decodeFile(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual({
      text,
      encoding: 'utf-16be',
    });
    expect(decodeFile(le)).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeFile(be)).toEqual({ text, encoding: 'utf-16be' });
  });

  it('falls back to Windows-1252 for Latin-1 bytes, euro and œ included', () => {
    const bytes = Buffer.from([0xc9, 0x3b, 0x80, 0x3b, 0x9c, 0x75, 0x66]);
    expect(decodeFile(bytes)).toEqual({ text: 'É;€;œuf', encoding: 'windows-1252' });
  });

  it('reads every byte from 0x80 to 0x9F as Windows-1252, not as control codes', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => 0x80 + index));
    expect(decodeFile(bytes)).toEqual({
      // The five bytes Windows-1252 leaves undefined keep their code point, as the WHATWG decoder says.
      text: '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ',
      encoding: 'windows-1252',
    });
  });
});
