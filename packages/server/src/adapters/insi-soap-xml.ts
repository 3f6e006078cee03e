/**
 * The little XML the INSi client needs, without an XML library: escaping that is also the canonical
 * (exclusive c14n) form, and reading a few elements of the teleservice's answer by their local name.
 */

/** Characters XML 1.0 cannot carry at all; a stray one in a patient's name would make the request malformed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what is removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Element text as canonical XML writes it (& < > and carriage return), so a signed fragment built
 * with it is already in canonical form.
 */
export const escapeText = (value: string) =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#xD;');

/** Attribute values as canonical XML writes them (& < " and tab, line feed, carriage return). */
export const escapeAttribute = (value: string) =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text content of an answer element: CDATA kept as is, entities and character references decoded. */
export function decodeText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : part.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
            if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
            if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
            return NAMED_ENTITIES[name] ?? whole;
          }),
    )
    .join('');
}

export interface FoundElement {
  /** The attributes as written in the start tag. */
  attributes: string;
  /** Everything between the start and end tags ('' for an empty element). */
  inner: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first element with this local name, whatever its namespace prefix: the teleservice's answers
 * use different prefixes (soap:, S:, env:, none) from one environment to another. INSi elements never
 * nest an element inside one of the same name, so the first end tag closes it.
 */
export function findElement(xml: string, localName: string): FoundElement | null {
  const name = `(?:[A-Za-z_][\\w.-]*:)?${escapeRegExp(localName)}`;
  const pattern = new RegExp(`<${name}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${name}\\s*>)`);
  const match = pattern.exec(xml);
  if (!match) return null;
  return { attributes: match[1] ?? '', inner: match[2] ?? '' };
}

/** Decoded, trimmed text of the first element with this local name, or null when it is absent. */
export function elementText(xml: string, localName: string): string | null {
  const found = findElement(xml, localName);
  return found ? decodeText(found.inner).trim() : null;
}

/** The value of an attribute in a start tag found by findElement. */
export function attributeValue(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${escapeRegExp(name)}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(
    attributes,
  );
  return match ? decodeText(match[2] ?? match[3] ?? '') : null;
}
