/** The control characters of ASTM and MLLP framing, named as the standards write them. */
const CONTROLS: Record<string, string> = {
  '\x02': '<STX>',
  '\x03': '<ETX>',
  '\x04': '<EOT>',
  '\x05': '<ENQ>',
  '\x06': '<ACK>',
  '\x0b': '<VT>',
  '\x15': '<NAK>',
  '\x17': '<ETB>',
  '\x1c': '<FS>',
  '\n': '<LF>',
};

/**
 * A message as the analyser sent it, readable: control characters by their names, and a line
 * break after each record's carriage return so that one record reads as one line.
 */
export function visibleControls(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code >= 0x20 && code !== 0x7f) return char;
    if (char === '\r') return '<CR>\n';
    return CONTROLS[char] ?? `<${code.toString(16).padStart(2, '0').toUpperCase()}>`;
  }).join('');
}
