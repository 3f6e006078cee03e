/** The encodings a laboratory's instrument exports arrive in. */
export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedFile {
  text: string;
  encoding: FileEncoding;
}

/**
 * UTF-16 without a byte-order mark: text in ASCII range has a zero byte every other byte. Sampled
 * on the first kilobyte; a UTF-8 or single-byte file has no zero bytes at all.
 */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length - (bytes.length % 2), 1024);
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenZeros++;
    if (bytes[index + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * Decodes an export file: the byte-order mark decides when there is one; otherwise UTF-16 is
 * recognised by its zero bytes, then strict UTF-8 is tried and Windows-1252 (which reads every
 * printable Latin-1 character the same) takes what is not valid UTF-8 — Excel's French default.
 */
export function decodeFile(bytes: Uint8Array): DecodedFile {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Node 24's decoder reads 0x80–0x9F as Windows-1252 (€, Œ, ’…); Node 20's read Latin-1's control codes.
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
