/**
 * The XML of an XLSX file's parts, read as a stream of events: element starts (with their
 * attributes), ends and text. What spreadsheet parts hold, no more: no DTD, no processing of
 * namespaces beyond dropping a prefix (`x:row` is `row`). A tag, or a text between tags, is at
 * most a cell's bound (bounds.ts): a longer one refuses the file where `place` says.
 */

import { BOUNDS_HINT, counted, FILE_BOUNDS, refuse } from './bounds';

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

const SPACE = new Set([32, 9, 10, 13]);
const QUOTES = new Set([34, 39]);

/** The event of the tag between `<` and `>` at `start`–`end` of `text`, read in place. */
function tagEvent(text: string, start: number, end: number): XmlEvent | undefined {
	const first = text.charCodeAt(start);
	// Declarations, comments, processing instructions.
	if (first === 63 || first === 33) return undefined;
	if (first === 47) return { kind: 'close', name: localName(text.slice(start + 1, end).trim()) };
	const selfClosing = text.charCodeAt(end - 1) === 47;
	const stop = selfClosing ? end - 1 : end;
	let i = start;
	while (i < stop && !SPACE.has(text.charCodeAt(i))) i++;
	const name = localName(text.slice(start, i));
	const attributes: Record<string, string> = {};
	// name = "value" or name = 'value', whatever the spaces around `=`; anything else is skipped.
	while (i < stop) {
		while (i < stop && SPACE.has(text.charCodeAt(i))) i++;
		const nameStart = i;
		while (i < stop && !SPACE.has(text.charCodeAt(i)) && text[i] !== '=' && text[i] !== '/') i++;
		const attribute = text.slice(nameStart, i);
		while (i < stop && SPACE.has(text.charCodeAt(i))) i++;
		if (text[i] !== '=' || !attribute) {
			i = Math.max(i, nameStart + 1);
			continue;
		}
		i++;
		while (i < stop && SPACE.has(text.charCodeAt(i))) i++;
		if (!QUOTES.has(text.charCodeAt(i))) continue;
		const valueEnd = text.indexOf(text[i], i + 1);
		if (valueEnd === -1 || valueEnd >= stop) break;
		attributes[localName(attribute)] = unescapeXml(text.slice(i + 1, valueEnd));
		i = valueEnd + 1;
	}
	return { kind: 'open', name, attributes, selfClosing };
}

/**
 * The events of an XML document given as text chunks, a chunk's events at a time (one await per
 * chunk, not per event); a tag cut by a chunk waits for the rest.
 */
export async function* xmlEvents(
	chunks: AsyncIterable<string>,
	/** Where the reader is, as the error names it. */
	place: () => string,
): AsyncGenerator<XmlEvent[]> {
	let rest = '';
	/** Characters of the text read since the last tag, given in pieces. */
	let textRun = 0;
	const tooLong = () =>
		refuse(
			place(),
			`its XML holds a tag or a text longer than ${counted(FILE_BOUNDS.cell)} characters`,
			BOUNDS_HINT,
		);
	for await (const chunk of chunks) {
		const text = rest + chunk;
		const events: XmlEvent[] = [];
		let at = 0;
		for (;;) {
			const open = text.indexOf('<', at);
			if (open === -1) {
				// The text is given now, but an entity the chunk may cut, which waits for the rest.
				const amp = text.lastIndexOf('&');
				const keep = amp >= at && text.indexOf(';', amp) === -1 ? amp : text.length;
				if (keep > at) events.push({ kind: 'text', text: unescapeXml(text.slice(at, keep)) });
				textRun += keep - at;
				rest = text.slice(keep);
				if (textRun + rest.length > FILE_BOUNDS.cell) tooLong();
				at = keep;
				break;
			}
			if (textRun + open - at > FILE_BOUNDS.cell) tooLong();
			textRun = 0;
			if (open > at) events.push({ kind: 'text', text: unescapeXml(text.slice(at, open)) });
			// A comment or CDATA may hold `>`: find its own end.
			const special =
				text.charCodeAt(open + 1) !== 33
					? undefined
					: text.startsWith('<!--', open)
						? '-->'
						: text.startsWith('<![CDATA[', open)
							? ']]>'
							: undefined;
			const close = special ? text.indexOf(special, open) : text.indexOf('>', open);
			if (close === -1) {
				rest = text.slice(open);
				break;
			}
			if (close - open > FILE_BOUNDS.cell) tooLong();
			if (special === ']]>') events.push({ kind: 'text', text: text.slice(open + 9, close) });
			else if (!special) {
				const event = tagEvent(text, open + 1, close);
				if (event) events.push(event);
			}
			at = close + (special ? special.length : 1);
		}
		if (at >= text.length) rest = '';
		if (rest.length > FILE_BOUNDS.cell) tooLong();
		if (events.length) yield events;
	}
	if (rest && !rest.startsWith('<')) yield [{ kind: 'text', text: unescapeXml(rest) }];
}
