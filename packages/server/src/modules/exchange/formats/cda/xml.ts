import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';

const HL7_NS = 'urn:hl7-org:v3';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Characters XML 1.0 cannot carry: a stray one in a name would make the document malformed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what is removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const clean = (text: string) => text.replace(NOT_XML, '');

export type Attributes = Record<string, string | undefined>;
export type Child = Element | string | null | undefined | false;
/** Makes an element of the HL7 v3 namespace; undefined attributes and empty children are left out. */
export type MakeElement = (name: string, attributes?: Attributes, ...children: Child[]) => Element;

/** Indents elements that hold elements only (never mixed text), so the document reads line by line. */
function indent(element: Element, depth: number): void {
  const children = Array.from(element.childNodes);
  const elements = children.filter((child) => child.nodeType === ELEMENT_NODE) as Element[];
  if (elements.length === 0 || children.some((child) => child.nodeType === TEXT_NODE)) return;
  const document = element.ownerDocument;
  for (const child of elements) {
    element.insertBefore(document.createTextNode(`\n${'  '.repeat(depth + 1)}`), child);
    indent(child, depth + 1);
  }
  element.appendChild(document.createTextNode(`\n${'  '.repeat(depth)}`));
}

/**
 * A CDA document under construction, as a DOM of @xmldom/xmldom: `el` makes its elements,
 * `serialize` writes the ClinicalDocument holding the given children, indented, with its prolog.
 */
export function cdaDocument() {
  const xml = new DOMImplementation().createDocument(HL7_NS, 'ClinicalDocument', null);
  const root = xml.documentElement;
  root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:xsi', XSI_NS);
  const el: MakeElement = (name, attributes = {}, ...children) => {
    const element = xml.createElementNS(HL7_NS, name);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined) continue;
      if (key === 'xsi:type') element.setAttributeNS(XSI_NS, key, value);
      else element.setAttribute(key, clean(value));
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      element.appendChild(typeof child === 'string' ? xml.createTextNode(clean(child)) : child);
    }
    return element;
  };
  const serialize = (children: Child[]): string => {
    for (const child of children) if (child && typeof child !== 'string') root.appendChild(child);
    indent(root, 0);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(xml)}\n`;
  };
  return { el, serialize };
}
