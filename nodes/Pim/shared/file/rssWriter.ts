import { TextChunks } from './textChunks';

/**
 * A catalogue as an RSS 2.0 feed with Google's namespace (`xmlns:g`), as Google Merchant Center
 * and Meta take it, written as a stream of UTF-8 bytes: one `<item>` per row, each column a `g:`
 * element named by its header (an XML name: the plan checks it), an empty cell written as no
 * element. Text is escaped (`&`, `<`, `>`); a character XML 1.0 cannot hold is left out.
 */

export const G_NAMESPACE = 'http://base.google.com/ns/1.0';

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
// eslint-disable-next-line no-control-regex
const TO_ESCAPE = /[&<>\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;

export function xmlEscaped(value: string): string {
	if (!TO_ESCAPE.test(value)) return value;
	const kept = CONTROL.test(value) ? value.replace(NOT_XML, '') : value;
	return kept.replace(/[&<>]/g, (c) => ENTITY[c]);
}

/** A name XML takes for an element (letters, digits, `_`, `-`, `.`; not starting with a digit, `-`, `.` or `xml`). */
export const isXmlName = (name: string) =>
	/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) && !/^xml/i.test(name);

export interface RssOptions {
	/** The channel's title (RSS 2.0 requires one). */
	title: string;
	/** The column whose first value's site is the channel's link (RSS 2.0 requires one). */
	linkColumn?: string;
}

/** The site of a product's link (`https://shop.example.com`), for the channel's own link. */
function siteOf(link: string | undefined): string {
	const match = /^https?:\/\/[^/?#\s]+/i.exec(link ?? '');
	return match ? match[0] : 'https://example.com';
}

/** The file's bytes: the channel's head once the first row is known, then an item per row. */
export async function* rssFile(
	header: string[],
	rows: AsyncIterable<string[]>,
	options: RssOptions,
): AsyncGenerator<Buffer> {
	const text = new TextChunks();
	const opening = header.map((h) => `<g:${h}>`);
	const closing = header.map((h) => `</g:${h}>`);
	const linkAt = options.linkColumn === undefined ? -1 : header.indexOf(options.linkColumn);
	let started = false;
	const start = (first: string[] | undefined) => {
		started = true;
		text.add(
			`<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${G_NAMESPACE}">\n<channel>\n<title>${xmlEscaped(options.title)}</title>\n<link>${xmlEscaped(siteOf(first?.[linkAt]))}</link>\n<description>${xmlEscaped(options.title)}</description>\n`,
		);
	};
	for await (const row of rows) {
		if (!started) start(row);
		let item = '<item>';
		for (let i = 0; i < row.length; i++)
			if (row[i] !== '') item += opening[i] + xmlEscaped(row[i]) + closing[i];
		text.add(`${item}</item>\n`);
		const chunk = text.take();
		if (chunk) yield chunk;
	}
	if (!started) start(undefined);
	text.add('</channel>\n</rss>\n');
	const rest = text.take(true);
	if (rest) yield rest;
}
