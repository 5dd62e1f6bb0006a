/**
 * The XML of an XLSX file's parts, read as a stream of events: element starts (with their
 * attributes), ends and text. What spreadsheet parts hold, no more: no DTD, no processing of
 * namespaces beyond dropping a prefix (`x:row` is `row`).
 */

export type XmlEvent =
	| { kind: 'open'; name: string; attributes: Record<string, string>; selfClosing: boolean }
	| { kind: 'close'; name: string }
	| { kind: 'text'; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with XML's entities and character references read. */
export function unescapeXml(text: string): string {
	if (!text.includes('&')) return text;
	return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
		if (ref[0] === '#')
			return String.fromCodePoint(
				ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10),
			);
		return ENTITIES[ref] ?? whole;
	});
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const ATTRIBUTE = /([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function tagEvent(tag: string): XmlEvent | undefined {
	// Declarations, comments, processing instructions.
	if (tag[0] === '?' || tag[0] === '!') return undefined;
	if (tag[0] === '/') return { kind: 'close', name: localName(tag.slice(1).trim()) };
	const selfClosing = tag.endsWith('/');
	const body = selfClosing ? tag.slice(0, -1) : tag;
	const space = body.search(/\s/);
	const name = localName(space === -1 ? body : body.slice(0, space));
	const attributes: Record<string, string> = {};
	if (space !== -1)
		for (const m of body.slice(space).matchAll(ATTRIBUTE))
			attributes[localName(m[1])] = unescapeXml(m[3] ?? m[4]);
	return { kind: 'open', name, attributes, selfClosing };
}

/** The events of an XML document given as text chunks; a tag cut by a chunk waits for the rest. */
export async function* xmlEvents(chunks: AsyncIterable<string>): AsyncGenerator<XmlEvent> {
	let rest = '';
	for await (const chunk of chunks) {
		const text = rest + chunk;
		let at = 0;
		for (;;) {
			const open = text.indexOf('<', at);
			if (open === -1) {
				rest = text.slice(at);
				break;
			}
			if (open > at) yield { kind: 'text', text: unescapeXml(text.slice(at, open)) };
			// A comment or CDATA may hold `>`: find its own end.
			const special = text.startsWith('<!--', open)
				? '-->'
				: text.startsWith('<![CDATA[', open)
					? ']]>'
					: undefined;
			const close = special ? text.indexOf(special, open) : text.indexOf('>', open);
			if (close === -1) {
				rest = text.slice(open);
				break;
			}
			if (special === ']]>') yield { kind: 'text', text: text.slice(open + 9, close) };
			else if (!special) {
				const event = tagEvent(text.slice(open + 1, close));
				if (event) yield event;
			}
			at = close + (special ? special.length : 1);
		}
		// Text waits for its tag, so an entity is never cut.
		if (at >= text.length) rest = '';
	}
	if (rest && !rest.startsWith('<')) yield { kind: 'text', text: unescapeXml(rest) };
}
