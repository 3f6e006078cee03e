import { DOMImplementation, DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type * as XPath from 'xpath';
import { onFirstUse } from '../lib/on-first-use.js';

/**
 * The XML the INSi client needs, through maintained libraries: @xmldom/xmldom builds, parses and
 * serialises (escaping included), and XPath finds the elements of the teleservice's answers by
 * their local name.
 */

const xpath = onFirstUse<typeof XPath>('xpath');

const XMLNS = 'http://www.w3.org/2000/xmlns/';

/** Characters XML 1.0 cannot carry at all; a stray one in a patient's name would make the request malformed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what is removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A new document whose root declares the given prefixes, so that its descendants use them without
 * declaring them again.
 */
export function newDocument(
  namespace: string,
  qualifiedName: string,
  prefixes: Readonly<Record<string, string>> = {},
): Element {
  const root = new DOMImplementation().createDocument(namespace, qualifiedName, null).documentElement;
  for (const [prefix, uri] of Object.entries(prefixes)) root.setAttributeNS(XMLNS, `xmlns:${prefix}`, uri);
  return root;
}

/**
 * Appends an element in the namespace of its parent (or the one given), with its attributes in the
 * order given and its text, if any.
 */
export function appendElement(
  parent: Element,
  qualifiedName: string,
  content: { text?: string; attributes?: ReadonlyArray<readonly [string, string]>; namespace?: string } = {},
): Element {
  const document = parent.ownerDocument;
  const element = document.createElementNS(content.namespace ?? parent.namespaceURI, qualifiedName);
  for (const [name, value] of content.attributes ?? [])
    element.setAttribute(name, value.replace(NOT_XML, ''));
  if (content.text !== undefined)
    element.appendChild(document.createTextNode(content.text.replace(NOT_XML, '')));
  parent.appendChild(element);
  return element;
}

/**
 * The node as XML text. xmldom writes a carriage return in text as is, which any parser reads back as
 * a line feed; written as a character reference it survives (xml-crypto serialises the same way).
 */
export const serialize = (node: Node) => new XMLSerializer().serializeToString(node).replace(/\r/g, '&#xD;');

/** Parses a document, failing on anything that is not well-formed XML rather than guessing. */
export function parseXml(text: string): Document {
  const refuse = (message: string) => {
    throw new Error(`not well-formed XML: ${message}`);
  };
  const document = new DOMParser({
    errorHandler: { warning: () => undefined, error: refuse, fatalError: refuse },
  }).parseFromString(text, 'text/xml');
  if (!document?.documentElement) refuse('no root element');
  return document;
}

/**
 * The first element below this node with this local name, whatever its namespace and prefix: the
 * teleservice's answers use different prefixes (soap:, S:, env:, none) from one environment to another.
 */
export function findElement(node: Node, localName: string): Element | null {
  const found = xpath().select1(`.//*[local-name()='${localName}']`, node);
  return xpath().isElement(found) ? found : null;
}

/** Trimmed text of the first element below this node with this local name, or null when it is absent. */
export function elementText(node: Node, localName: string): string | null {
  const found = findElement(node, localName);
  return found ? (found.textContent ?? '').trim() : null;
}
