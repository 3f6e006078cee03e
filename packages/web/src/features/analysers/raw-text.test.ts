import { describe, expect, it } from 'vitest';
import { visibleControls } from './raw-text';

describe('a raw message made readable', () => {
  it('names the framing characters and breaks lines after each record', () => {
    expect(visibleControls('\x021H|\\^&\r\x0378\r\n')).toBe('<STX>1H|\\^&<CR>\n<ETX>78<CR>\n<LF>');
    expect(visibleControls('\x0bMSH|^~\\&\r\x1c\r')).toBe('<VT>MSH|^~\\&<CR>\n<FS><CR>\n');
    expect(visibleControls('a\x01b')).toBe('a<01>b');
  });
});
