/**
 * An independent validator of channel feeds (Google Merchant Center, Meta, Shopify), written only
 * from the channels' published rules (/work/shared/feed-rules.md, "FR" below, cited by line) and
 * node-contract.md, "Feeds a channel accepts" ("NC"); never from the writer under nodes/.
 *
 * `validateFeed` parses the file as the channel would (TSV, RFC 4180 CSV or RSS 2.0 XML), returns
 * the headers and the products as parsed, and lists every broken rule that can be checked offline
 * as a problem `{ row, id, column, rule, value }`:
 * - `row` is the product's number (1 = the first product after the header line or the first
 *   `<item>`; for Shopify the CSV line after the header); 0 for a problem of the file itself;
 * - `id` is the product's `id` (Google, Meta) or `Handle` (Shopify), empty for the file;
 * - `column` is the header (XML: the element's name without `g:`); empty for the whole file;
 * - `rule` is a short stable key (see RULE KEYS below);
 * - `value` is the cell's value as parsed; for a problem of the file, a short description.
 *
 * RULE KEYS
 * - any channel: `file` (byte order mark in TSV, empty or unreadable file), `encoding` (not
 *   UTF-8), `format` (a format the channel does not take), `header` (empty or repeated header;
 *   Google: not lowercase words joined by `_`; Shopify: not a column of Shopify's table),
 *   `columns` (a line with another number of cells than the header), `lineBreak` (Google and
 *   Meta: a line break inside a text-feed value), `xml`, `rss`, `namespace` (XML structure),
 *   `repeated` (XML: a single-valued field given twice in one item).
 * - Google: `required`, `maxLength`, `duplicateId`, `html`, `htmlAttribute`, `htmlWellFormed`,
 *   `url`, `urlAscii`, `urlEncoding`, `urlComma`, `imageFormat`, `availability`,
 *   `availabilityDate`, `price`, `currency`, `condition`, `categoryPath`.
 * - Meta: `required`, `maxLength`, `duplicateId`, `html`, `entity`, `linkInText`, `sameAsTitle`,
 *   `availability`, `condition`, `price`, `currency`, `url`, `brand`, `variant`, `csvQuoting`.
 * - Shopify: `required`, `handle`, `duplicateHandle`, `duplicateVariant`, `option`, `published`,
 *   `status`, `price`, `grams`, `vendor`, `tags`, `categoryPath`.
 */
import { parse as parseCsv } from 'csv-parse/sync';

export type FeedChannel = 'googleMerchantCenter' | 'meta' | 'shopify';
export type FeedFormat = 'csv' | 'tsv' | 'xml';

export interface FeedProblem {
	row: number;
	id: string;
	column: string;
	rule: string;
	value: string;
}

export interface FeedReport {
	headers: string[];
	rows: Array<Record<string, string>>;
	problems: FeedProblem[];
}

/** A parsed file: its headers, its products, and the problems parsing found (ids not yet set). */
interface ParsedFeed {
	headers: string[];
	rows: Array<Record<string, string>>;
	problems: FeedProblem[];
}

interface TextOptions {
	/** Google and Meta read one product per line (FR 21, and the brief): flag a line break. */
	flagLineBreaks: boolean;
	/** Meta, CSV: a value holding whitespace or a comma is enclosed in double quotes (FR 46). */
	quoteWhitespace: boolean;
}

function fileProblem(rule: string, value: string, column = ''): FeedProblem {
	return { row: 0, id: '', column, rule, value };
}

function rowProblem(row: number, column: string, rule: string, value: string): FeedProblem {
	return { row, id: '', column, rule, value };
}

/** Length in characters (code points), as the channels count a value's length. */
function length(value: string): number {
	return Array.from(value).length;
}

export function validateFeed(
	channel: FeedChannel,
	format: FeedFormat,
	file: Buffer | string,
): FeedReport {
	const problems: FeedProblem[] = [];
	const text = decode(file, problems);

	// FR 20 (Google "file"): tab-delimited text or XML. CSV is not among Google's formats as the
	// pages read state them, so a Google CSV is flagged once (rule `format`), then checked anyway.
	// FR 65 (Shopify "file"): comma-separated; TSV and XML are not Shopify's.
	// FR 45 (Meta "file"): CSV, TSV, RSS XML or ATOM XML: all three formats are Meta's.
	if (channel === 'googleMerchantCenter' && format === 'csv')
		problems.push(fileProblem('format', 'Google Merchant Center takes tab-delimited text or XML'));
	if (channel === 'shopify' && format !== 'csv')
		problems.push(fileProblem('format', 'Shopify imports comma-separated CSV only'));

	const options: TextOptions = {
		flagLineBreaks: channel !== 'shopify',
		quoteWhitespace: channel === 'meta',
	};
	const parsed =
		format === 'tsv'
			? parseTsv(text, options)
			: format === 'csv'
				? parseCsvFeed(text, options)
				: parseXmlFeed(text);
	problems.push(...parsed.problems);

	if (channel === 'googleMerchantCenter') problems.push(...checkGoogle(parsed));
	else if (channel === 'meta') problems.push(...checkMeta(parsed));
	else problems.push(...checkShopify(parsed));

	// Each problem names its product by id (Google, Meta) or Handle (Shopify).
	const idOf = (row: Record<string, string> | undefined): string => {
		if (!row) return '';
		if (channel !== 'shopify') return row.id ?? '';
		const handle = shopifyColumn(parsed.headers, 'handle');
		return handle ? (row[handle] ?? '') : '';
	};
	for (const problem of problems)
		if (problem.row > 0) problem.id = idOf(parsed.rows[problem.row - 1]);

	return { headers: parsed.headers, rows: parsed.rows, problems: ordered(problems) };
}

/** One problem per row, column, rule and value, the file's first, then by row (stable). */
function ordered(problems: FeedProblem[]): FeedProblem[] {
	const seen = new Set<string>();
	const unique = problems.filter((p) => {
		const key = [p.row, p.column, p.rule, p.value].join('\u0000');
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
	return unique
		.map((problem, index) => ({ problem, index }))
		.sort((a, b) => a.problem.row - b.problem.row || a.index - b.index)
		.map(({ problem }) => problem);
}

/**
 * The file's text. FR 33-34: no page states the encoding, "UTF-8 is what every generator
 * writes": bytes that are not UTF-8 are flagged (rule `encoding`). A byte order mark is kept, for
 * each format to judge.
 */
function decode(file: Buffer | string, problems: FeedProblem[]): string {
	if (typeof file === 'string') return file;
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(file);
	} catch {
		problems.push(fileProblem('encoding', 'the file is not valid UTF-8'));
		return new TextDecoder('utf-8', { ignoreBOM: true }).decode(file);
	}
}

/** Empty and repeated headers (any channel: a column the channel cannot tell apart). */
function headerProblems(headers: string[]): FeedProblem[] {
	const problems: FeedProblem[] = [];
	const seen = new Set<string>();
	for (const header of headers) {
		if (header.trim() === '') problems.push(fileProblem('header', 'an empty header', header));
		else if (seen.has(header))
			problems.push(fileProblem('header', `"${header}" appears twice`, header));
		seen.add(header);
	}
	return problems;
}

/** A record of the cells of one line, by header; a missing cell is empty, extra cells dropped. */
function record(headers: string[], cells: string[]): Record<string, string> {
	const values: Record<string, string> = {};
	headers.forEach((header, index) => {
		if (!Object.hasOwn(values, header)) values[header] = cells[index] ?? '';
	});
	return values;
}

// ---------------------------------------------------------------------------------------------
// TSV: a header line, then one product per line, cells split by tabs, lines ending in CRLF or
// LF; no quoting at all (FR 20, 21; FR 34-35: generators replace a tab or line break in a value).

function parseTsv(text: string, options: TextOptions): ParsedFeed {
	const problems: FeedProblem[] = [];
	if (text.startsWith('\uFEFF')) {
		// A channel reading the text as it is would take the mark as part of the first header.
		problems.push(fileProblem('file', 'a UTF-8 byte order mark before the first header'));
		text = text.slice(1);
	}
	const lines = text.split(/\r?\n/);
	if (lines[lines.length - 1] === '') lines.pop();
	if (lines.length === 0) {
		problems.push(fileProblem('file', 'the file is empty'));
		return { headers: [], rows: [], problems };
	}
	const headers = lines[0].split('\t');
	problems.push(...headerProblems(headers));
	const rows = lines.slice(1).map((line, index) => {
		const row = index + 1;
		const cells = line.split('\t');
		if (cells.length !== headers.length)
			problems.push(
				rowProblem(row, '', 'columns', `${cells.length} cells, ${headers.length} headers`),
			);
		// A lone CR left inside a line is a line break in a value.
		if (options.flagLineBreaks)
			cells.forEach((cell, column) => {
				if (cell.includes('\r'))
					problems.push(rowProblem(row, headers[column] ?? '', 'lineBreak', cell));
			});
		return record(headers, cells);
	});
	return { headers, rows, problems };
}

// ---------------------------------------------------------------------------------------------
// CSV: RFC 4180 (FR 46 for Meta, FR 65 for Shopify), read by csv-parse; a byte order mark is
// allowed (bom: true).

function parseCsvFeed(text: string, options: TextOptions): ParsedFeed {
	const problems: FeedProblem[] = [];
	const unquoted: Array<{ record: number; index: number; value: string }> = [];
	let records: string[][] = [];
	try {
		records = parseCsv(text, {
			bom: true,
			relax_column_count: true,
			skip_records_with_error: true,
			on_skip: (error) => {
				problems.push(fileProblem('file', `line ${error?.lines ?? '?'}: ${error?.message ?? ''}`));
				return undefined;
			},
			// csv-parse tells whether a field was enclosed in quotes.
			cast: (value, context) => {
				if (!context.quoting && /[\s,]/.test(value))
					unquoted.push({ record: context.records, index: context.index, value });
				return value;
			},
		}) as string[][];
	} catch (error) {
		problems.push(fileProblem('file', (error as Error).message));
	}
	if (records.length === 0) {
		problems.push(fileProblem('file', 'the file is empty'));
		return { headers: [], rows: [], problems };
	}
	const headers = records[0];
	problems.push(...headerProblems(headers));
	const rows = records.slice(1).map((cells, index) => {
		const row = index + 1;
		if (cells.length !== headers.length)
			problems.push(
				rowProblem(row, '', 'columns', `${cells.length} cells, ${headers.length} headers`),
			);
		// FR 21 "one product per line": a quoted line break would split the product for a feed
		// that reads lines (allowed by RFC 4180, flagged for Google and Meta).
		if (options.flagLineBreaks)
			cells.forEach((cell, column) => {
				if (/[\r\n]/.test(cell))
					problems.push(rowProblem(row, headers[column] ?? '', 'lineBreak', cell));
			});
		return record(headers, cells);
	});
	// FR 46 (Meta): "a value holding whitespace or a comma is enclosed in double quotes".
	if (options.quoteWhitespace)
		for (const field of unquoted)
			problems.push(
				field.record === 0
					? fileProblem('csvQuoting', field.value, field.value)
					: rowProblem(field.record, headers[field.index] ?? '', 'csvQuoting', field.value),
			);
	return { headers, rows, problems };
}

// ---------------------------------------------------------------------------------------------
// XML: RSS 2.0 with Google's namespace on the root, one <item> per product, each field a `g:`
// element (FR 20; NC `fileFormat` `xml`). A small well-formedness checker, then the feed's shape.

const G_NAMESPACE = 'http://base.google.com/ns/1.0';

/**
 * RSS's own item elements, which Google's samples write without `g:`; every other field must be
 * in the `g:` namespace (NC: "each column a `g:` element").
 */
const RSS_OWN_FIELDS = new Set(['title', 'link', 'description']);

/** Fields of the rules that hold one value: given twice in one item, a feed keeps only one. */
const SINGLE_VALUED = new Set([
	'id',
	'title',
	'description',
	'link',
	'image_link',
	'availability',
	'availability_date',
	'price',
	'condition',
]);

interface XmlElement {
	name: string;
	attributes: Map<string, string>;
	children: Array<XmlElement | string>;
	parent: XmlElement | undefined;
	/** Its end tag was read (or it closed itself). */
	closed: boolean;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const START_TAG = new RegExp(
	`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`,
	'y',
);
const END_TAG = new RegExp(`</(${NAME})\\s*>`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
	return (
		code === 0x9 ||
		code === 0xa ||
		code === 0xd ||
		(code >= 0x20 && code <= 0xd7ff) ||
		(code >= 0xe000 && code <= 0xfffd) ||
		(code >= 0x10000 && code <= 0x10ffff)
	);
}

/** Text with the five XML entities and numeric references decoded; anything else is an error. */
function decodeXml(raw: string, fail: (message: string) => void): string {
	return raw.replace(
		/&(#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z_][\w.-]*)?(;)?/g,
		(match, name: string | undefined, semicolon: string | undefined) => {
			if (!name || !semicolon) {
				fail(`"&" not written as &amp; (${JSON.stringify(match)})`);
				return match;
			}
			if (name.startsWith('#')) {
				const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
				if (!isXmlChar(code)) {
					fail(`${match} is not a character XML allows`);
					return match;
				}
				return String.fromCodePoint(code);
			}
			if (!Object.hasOwn(XML_ENTITIES, name)) {
				fail(`${match} is not one of XML's entities`);
				return match;
			}
			return XML_ENTITIES[name];
		},
	);
}

function elementsOf(element: XmlElement): XmlElement[] {
	return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}

/**
 * The document's tree and the well-formedness errors found: one root element, tags balanced and
 * properly nested, attributes quoted and not repeated, `&` only in entities, no character XML 1.0
 * forbids, no DOCTYPE (a feed needs none), the XML declaration only at the start. A malformed
 * tag ends the reading; elements left open are reported.
 */
function parseXmlDocument(text: string): { document: XmlElement; errors: string[] } {
	const errors: string[] = [];
	const lineOf = (position: number) => text.slice(0, position).split('\n').length;
	const fail = (position: number, message: string) =>
		errors.push(`line ${lineOf(position)}: ${message}`);
	const document: XmlElement = {
		name: '',
		attributes: new Map(),
		children: [],
		parent: undefined,
		closed: true,
	};
	const open: XmlElement[] = [document];
	const top = () => open[open.length - 1];

	// eslint-disable-next-line no-control-regex
	const illegal = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/.exec(text);
	if (illegal)
		fail(
			illegal.index,
			`character U+${illegal[0].charCodeAt(0).toString(16).padStart(4, '0')} not allowed in XML`,
		);

	const begin = text.startsWith('\uFEFF') ? 1 : 0;
	let position = begin;
	let complete = true;
	while (position < text.length) {
		const lt = text.indexOf('<', position);
		const textEnd = lt === -1 ? text.length : lt;
		if (textEnd > position) {
			const raw = text.slice(position, textEnd);
			const at = position;
			if (raw.includes(']]>')) fail(at, '"]]>" in text');
			const value = decodeXml(raw, (message) => fail(at, message));
			if (top() !== document) top().children.push(value);
			else if (raw.trim() !== '') fail(at, 'text outside the root element');
			position = textEnd;
			continue;
		}
		const delimited = (opener: string, closer: string): number => {
			const close = text.indexOf(closer, position + opener.length);
			if (close === -1) fail(position, `${opener} not closed by ${closer}`);
			return close;
		};
		if (text.startsWith('<!--', position)) {
			const close = delimited('<!--', '-->');
			if (close === -1) {
				complete = false;
				break;
			}
			position = close + 3;
		} else if (text.startsWith('<![CDATA[', position)) {
			const close = delimited('<![CDATA[', ']]>');
			if (close === -1) {
				complete = false;
				break;
			}
			if (top() === document) fail(position, 'CDATA outside the root element');
			else top().children.push(text.slice(position + 9, close));
			position = close + 3;
		} else if (text.startsWith('<?', position)) {
			const close = delimited('<?', '?>');
			if (close === -1) {
				complete = false;
				break;
			}
			const target = /^<\?([^\s?]*)/.exec(text.slice(position))?.[1] ?? '';
			if (target.toLowerCase() === 'xml' && position !== begin)
				fail(position, 'the XML declaration is not at the start of the file');
			position = close + 2;
		} else if (text.startsWith('<!', position)) {
			fail(position, 'a DOCTYPE or markup declaration, which a feed does not take');
			complete = false;
			break;
		} else if (text.startsWith('</', position)) {
			END_TAG.lastIndex = position;
			const match = END_TAG.exec(text);
			if (!match) {
				fail(position, `malformed end tag ${JSON.stringify(text.slice(position, position + 30))}`);
				complete = false;
				break;
			}
			const name = match[1];
			if (top().name === name) {
				top().closed = true;
				open.pop();
			} else {
				fail(
					position,
					top() === document
						? `</${name}> closes no open element`
						: `</${name}> where </${top().name}> was expected`,
				);
				const index = open.map((element) => element.name).lastIndexOf(name);
				if (index > 0) {
					open[index].closed = true;
					open.length = index;
				}
			}
			position += match[0].length;
		} else {
			START_TAG.lastIndex = position;
			const match = START_TAG.exec(text);
			if (!match) {
				fail(position, `malformed tag ${JSON.stringify(text.slice(position, position + 30))}`);
				complete = false;
				break;
			}
			const [whole, name, attributeText, selfClosing] = match;
			if (top() === document && elementsOf(document).length > 0)
				fail(position, `a second root element <${name}>`);
			const attributes = new Map<string, string>();
			for (const attribute of attributeText.matchAll(ATTRIBUTE)) {
				const attributeName = attribute[1];
				if (attributes.has(attributeName))
					fail(position, `attribute ${attributeName} repeated on <${name}>`);
				const at = position;
				attributes.set(
					attributeName,
					decodeXml(attribute[2] ?? attribute[3] ?? '', (message) => fail(at, message)),
				);
			}
			const element: XmlElement = {
				name,
				attributes,
				children: [],
				parent: top(),
				closed: selfClosing === '/',
			};
			top().children.push(element);
			if (!element.closed) open.push(element);
			position += whole.length;
		}
	}
	if (complete) {
		for (const element of open.slice(1)) fail(text.length, `<${element.name}> not closed`);
		if (elementsOf(document).length === 0) fail(text.length, 'no root element');
	}
	checkPrefixes(document, new Set(['xml']), (message) => errors.push(message));
	return { document, errors };
}

/** Every prefix of an element or attribute name is declared (`xmlns:p`) on it or an ancestor. */
function checkPrefixes(element: XmlElement, inScope: Set<string>, fail: (m: string) => void) {
	for (const child of elementsOf(element)) {
		const scope = new Set(inScope);
		for (const name of child.attributes.keys())
			if (name.startsWith('xmlns:')) scope.add(name.slice(6));
		const names = [child.name, ...child.attributes.keys()].filter(
			(name) => name !== 'xmlns' && !name.startsWith('xmlns:'),
		);
		for (const name of names) {
			const colon = name.indexOf(':');
			if (colon > 0 && !scope.has(name.slice(0, colon)))
				fail(`<${child.name}>: prefix "${name.slice(0, colon)}" is not declared`);
		}
		checkPrefixes(child, scope, fail);
	}
}

/** A field's text; a field with sub-elements (Google's `shipping`) gives their texts joined by `:`. */
function fieldText(element: XmlElement): string {
	const children = elementsOf(element);
	if (children.length > 0) return children.map(fieldText).join(':');
	return element.children.filter((child) => typeof child === 'string').join('');
}

function parseXmlFeed(text: string): ParsedFeed {
	const { document, errors } = parseXmlDocument(text);
	const problems = errors.map((error) => fileProblem('xml', error));
	const root = elementsOf(document)[0];
	if (!root) return { headers: [], rows: [], problems };

	// NC: "an RSS 2.0 feed with Google's namespace (xmlns:g=...)", declared on the root.
	if (root.name !== 'rss') problems.push(fileProblem('rss', `root element <${root.name}>`));
	else if (root.attributes.get('version') !== '2.0')
		problems.push(
			fileProblem('rss', `<rss version="${root.attributes.get('version') ?? ''}">, not 2.0`),
		);
	if (root.attributes.get('xmlns:g') !== G_NAMESPACE)
		problems.push(
			fileProblem('namespace', `xmlns:g="${root.attributes.get('xmlns:g') ?? ''}" on the root`),
		);
	const channels = elementsOf(root).filter((element) => element.name === 'channel');
	if (channels.length !== 1)
		problems.push(fileProblem('rss', `${channels.length} <channel> elements in <rss>`));

	// An <item> anywhere but in the channel is no product to a feed reader.
	const strayItems = (element: XmlElement): number =>
		elementsOf(element).reduce(
			(count, child) =>
				count + (child.name === 'item' && !channels.includes(element) ? 1 : 0) + strayItems(child),
			0,
		);
	const stray = strayItems(document);
	if (stray > 0) problems.push(fileProblem('rss', `${stray} <item> outside <channel>`));

	const headers: string[] = [];
	const rows: Array<Record<string, string>> = [];
	const items = channels
		.flatMap((channel) => elementsOf(channel))
		.filter((element) => element.name === 'item' && element.closed);
	for (const item of items) {
		const row = rows.length + 1;
		const values: Record<string, string> = {};
		for (const field of elementsOf(item)) {
			const column = field.name.startsWith('g:') ? field.name.slice(2) : field.name;
			// Surrounding whitespace of an element's text is the document's layout, not the value.
			const value = fieldText(field).trim();
			if (!field.name.includes(':') && !RSS_OWN_FIELDS.has(field.name))
				problems.push(rowProblem(row, column, 'namespace', value));
			if (Object.hasOwn(values, column)) {
				if (SINGLE_VALUED.has(column)) problems.push(rowProblem(row, column, 'repeated', value));
				values[column] = `${values[column]},${value}`;
			} else values[column] = value;
			if (!headers.includes(column)) headers.push(column);
		}
		rows.push(values);
	}
	return { headers, rows, problems };
}

// ---------------------------------------------------------------------------------------------
// Checks shared by the channels.

/** The checks of one product: its values, and the problems found, named by row and column. */
class ProductCheck {
	constructor(
		private readonly problems: FeedProblem[],
		readonly row: number,
		private readonly values: Record<string, string>,
	) {}

	get(column: string): string {
		return this.values[column] ?? '';
	}

	has(column: string): boolean {
		return this.get(column).trim() !== '';
	}

	flag(column: string, rule: string, value = this.get(column)): void {
		this.problems.push(rowProblem(this.row, column, rule, value));
	}

	/** Rule `required`: a value other than whitespace. Tells whether the value is there. */
	required(column: string): boolean {
		if (this.has(column)) return true;
		this.flag(column, 'required');
		return false;
	}

	/** Rule `maxLength`, in characters. */
	maxLength(column: string, max: number): void {
		if (length(this.get(column)) > max) this.flag(column, 'maxLength');
	}

	/** One of the channel's words, exactly as the channel spells them. */
	oneOf(column: string, rule: string, allowed: readonly string[]): void {
		if (!allowed.includes(this.get(column))) this.flag(column, rule);
	}
}

/** Rule `duplicateId`: every product whose id (trimmed) another product has too. */
function duplicateIds(rows: Array<Record<string, string>>): FeedProblem[] {
	const byId = new Map<string, number[]>();
	rows.forEach((values, index) => {
		const id = (values.id ?? '').trim();
		if (id !== '') byId.set(id, [...(byId.get(id) ?? []), index + 1]);
	});
	return [...byId.values()]
		.filter((rowsWithId) => rowsWithId.length > 1)
		.flatMap((rowsWithId) =>
			rowsWithId.map((row) => rowProblem(row, 'id', 'duplicateId', rows[row - 1].id)),
		);
}

/** ISO 4217 codes, as the runtime's ICU knows them (current currencies). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/**
 * FR 29 (Google) and FR 52 (Meta): "a number and an ISO 4217 currency code: `15.00 USD`", `.` the
 * decimal point (Meta). Rule `price`: not `<digits[.digits]> <three capitals>` (no thousands
 * separator, no sign, one space); rule `currency`: the code is not an ISO 4217 currency.
 */
function checkPrice(check: ProductCheck, column: string): void {
	const match = /^\d+(?:\.\d+)? ([A-Z]{3})$/.exec(check.get(column));
	if (!match) check.flag(column, 'price');
	else if (!CURRENCIES.has(match[1])) check.flag(column, 'currency');
}

/**
 * FR 31 (Google `product_type`) and FR 73 (Shopify `Product Category`): levels joined by ` > `.
 * Rule `categoryPath` when a `>` is not written as ` > ` (`A>B`, `A >B`), a level is empty
 * (`A >  > B`, `> A`), or, conservatively, when the value has no ` > ` and holds a `/` between two
 * non-space characters (`Home/Garden`: another separator). A `/` inside a level of a ` > ` path
 * (`Home > Indoor/Outdoor`) and a spaced ` / ` are left alone: they can be a level's own name.
 */
function checkCategoryPath(check: ProductCheck, column: string): void {
	const value = check.get(column).trim();
	if (value === '') return;
	const levels = value.split(' > ');
	const badArrow = /\S>|>\S/.test(value) || value.startsWith('>') || value.endsWith('>');
	const emptyLevel = levels.some((level) => level.trim() === '');
	const slashPath = levels.length === 1 && /[^\s/]\/[^\s/]/.test(value);
	if (badArrow || emptyLevel || slashPath) check.flag(column, 'categoryPath');
}

/** An absolute `http`/`https` URL with a host, as the WHATWG URL parser reads it. */
function isAbsoluteHttpUrl(value: string): boolean {
	if (!/^https?:\/\/[^/?#\s]+/i.test(value)) return false;
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

// ---------------------------------------------------------------------------------------------
// Google Merchant Center (FR 9-35).

const GOOGLE_AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
const CONDITIONS = ['new', 'refurbished', 'used'] as const;
/** FR 25: "only simple HTML (`strong em ul ol li br sub sup div span dl dt dd`)". */
const GOOGLE_HTML_TAGS = new Set('strong em ul ol li br sub sup div span dl dt dd'.split(' '));
/** FR 27: JPEG, WebP, PNG, GIF, BMP or TIFF, "whose extension matches its format". */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'webp', 'png', 'gif', 'bmp', 'tif', 'tiff']);

/**
 * FR 25 (description): only the simple tags, no attributes, well formed. Tags are read as HTML
 * reads them (`<` then a letter, `/` or `!`); a `<` followed by anything else is text. Returns
 * the rules broken: `html` (another tag, a comment or declaration: `<script>`, `<p>`, `<!-- -->`),
 * `htmlAttribute` (a tag with attributes), `htmlWellFormed` (unbalanced or badly nested tags, a
 * tag never ended by `>`, an end tag of `br`). `<x/>` is taken as an empty element (XHTML).
 */
function googleHtmlProblems(value: string): Set<string> {
	const rules = new Set<string>();
	const open: string[] = [];
	const tag = /<(\/?)([A-Za-z][A-Za-z0-9]*)([^<>]*)>/y;
	for (
		let position = value.indexOf('<');
		position !== -1;
		position = value.indexOf('<', position)
	) {
		const next = value[position + 1] ?? '';
		if (value.startsWith('<!', position) || value.startsWith('<?', position)) {
			rules.add('html');
			const end = value.indexOf('>', position);
			if (end === -1) rules.add('htmlWellFormed');
			position = end === -1 ? value.length : end + 1;
			continue;
		}
		if (!/[A-Za-z/]/.test(next)) {
			position += 1;
			continue;
		}
		tag.lastIndex = position;
		const match = tag.exec(value);
		if (!match) {
			rules.add('htmlWellFormed');
			position += 1;
			continue;
		}
		position += match[0].length;
		const [, closing, rawName, rest] = match;
		const name = rawName.toLowerCase();
		if (!GOOGLE_HTML_TAGS.has(name)) rules.add('html');
		const selfClosing = closing === '' && /\/\s*$/.test(rest);
		const attributes = rest.replace(/\/\s*$/, '').trim();
		if (closing === '/') {
			if (attributes !== '') rules.add('htmlWellFormed');
			if (open[open.length - 1] === name) open.pop();
			else rules.add('htmlWellFormed');
			continue;
		}
		if (attributes !== '') {
			// Attributes follow the name after whitespace; anything else (`<strong-x>`, `<em"a">`)
			// is a malformed tag.
			rules.add(/^\s/.test(rest) ? 'htmlAttribute' : 'htmlWellFormed');
		}
		if (!selfClosing && name !== 'br') open.push(name);
	}
	if (open.length > 0) rules.add('htmlWellFormed');
	return rules;
}

/**
 * FR 26-27 (link, image_link): an `http`/`https` URL (`url`), ASCII only (`urlAscii`), RFC 3986
 * with spaces and symbols percent-encoded (`urlEncoding`: a space, a character RFC 3986 never
 * allows raw such as `"<>\^`{|}`, or a `%` not followed by two hex digits), 1-2000 characters
 * (`maxLength`).
 */
function checkGoogleUrl(check: ProductCheck, column: string): void {
	const value = check.get(column);
	if (!isAbsoluteHttpUrl(value.trim())) check.flag(column, 'url');
	// eslint-disable-next-line no-control-regex
	if (/[^\x00-\x7F]/.test(value)) check.flag(column, 'urlAscii');
	// eslint-disable-next-line no-control-regex
	const ascii = value.replace(/[^\x00-\x7F]/g, '');
	const unescaped = ascii.replace(/%[0-9A-Fa-f]{2}/g, '');
	if (!/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*$/.test(unescaped)) check.flag(column, 'urlEncoding');
	check.maxLength(column, 2000);
}

/** The extension of a URL's last path segment (lowercase), if it has one. */
function extensionOf(url: string): string | undefined {
	const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0];
	const segment = path.slice(path.lastIndexOf('/') + 1);
	return /\.([A-Za-z0-9]{1,5})$/.exec(segment)?.[1].toLowerCase();
}

/** FR 22 (names): attribute names in English, words joined by underscores, lowercase. */
const GOOGLE_HEADER = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function checkGoogle(feed: ParsedFeed): FeedProblem[] {
	const problems: FeedProblem[] = [];
	for (const header of feed.headers)
		if (header !== '' && !GOOGLE_HEADER.test(header))
			problems.push(
				fileProblem('header', `"${header}" is not lowercase words joined by _`, header),
			);

	feed.rows.forEach((values, index) => {
		const check = new ProductCheck(problems, index + 1, values);
		// FR 23: id required, 1-50 characters (uniqueness below).
		if (check.required('id')) check.maxLength('id', 50);
		// FR 24: title required, 1-150 characters.
		if (check.required('title')) check.maxLength('title', 150);
		// FR 25: description required, 1-5000 characters, simple HTML only.
		if (check.required('description')) {
			check.maxLength('description', 5000);
			for (const rule of googleHtmlProblems(check.get('description')))
				check.flag('description', rule);
		}
		// FR 26: link required, URL rules.
		if (check.required('link')) checkGoogleUrl(check, 'link');
		// FR 27: image_link required, URL rules, one URL with `,` as %2C, an image extension.
		if (check.required('image_link')) {
			checkGoogleUrl(check, 'image_link');
			if (check.get('image_link').includes(',')) check.flag('image_link', 'urlComma');
			const extension = extensionOf(check.get('image_link'));
			if (extension !== undefined && !IMAGE_EXTENSIONS.has(extension))
				check.flag('image_link', 'imageFormat');
		}
		// FR 28: availability required, one of four words; preorder and backorder need a date.
		// The date's format is not stated in FR: only its presence is checked.
		if (check.required('availability')) {
			check.oneOf('availability', 'availability', GOOGLE_AVAILABILITY);
			const availability = check.get('availability');
			if (
				(availability === 'preorder' || availability === 'backorder') &&
				!check.has('availability_date')
			)
				check.flag('availability_date', 'availabilityDate');
		}
		// FR 29: price required, `15.00 USD`.
		if (check.required('price')) checkPrice(check, 'price');
		// FR 30: condition `new`, `refurbished` or `used` when given (required only for refurbished
		// and used products, which a feed cannot tell).
		if (check.has('condition')) check.oneOf('condition', 'condition', CONDITIONS);
		// FR 31: product_type levels joined by ` > `.
		checkCategoryPath(check, 'product_type');
	});
	// FR 23: unique per product.
	problems.push(...duplicateIds(feed.rows));
	return problems;
}

// ---------------------------------------------------------------------------------------------
// Meta (FR 37-55).

const META_AVAILABILITY = [
	'in stock',
	'out of stock',
	'preorder',
	'available for order',
	'discontinued',
] as const;
/** Meta's variant fields (size, colour and the like, FR 55). */
const META_VARIANT_FIELDS = ['color', 'size', 'gender', 'age_group', 'material', 'pattern'];

function checkMeta(feed: ParsedFeed): FeedProblem[] {
	const problems: FeedProblem[] = [];
	feed.rows.forEach((values, index) => {
		const check = new ProductCheck(problems, index + 1, values);
		// FR 47: id required, at most 100 characters (duplicates below).
		if (check.required('id')) check.maxLength('id', 100);
		// FR 48: title required, at most 200 characters.
		if (check.required('title')) check.maxLength('title', 200);
		// FR 49: description required, at most 9999, plain text, not the same as the title.
		if (check.required('description')) {
			const description = check.get('description');
			check.maxLength('description', 9999);
			// An HTML tag or comment: `<` and a letter, `/` or `!`, up to `>`.
			if (/<\/?[A-Za-z][^<>]*>|<!--/.test(description)) check.flag('description', 'html');
			// A character entity or reference as text (`&amp;`, `&#39;`); in XML, one left after
			// the file's own entities were decoded (written twice escaped).
			if (/&(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);/.test(description))
				check.flag('description', 'entity');
			// "no links".
			if (/\bhttps?:\/\/|\bwww\./i.test(description)) check.flag('description', 'linkInText');
			// Compared trimmed and in any case: the same words are the same text to a reader.
			if (description.trim().toLowerCase() === check.get('title').trim().toLowerCase())
				check.flag('description', 'sameAsTitle');
		}
		// FR 50: availability required, Meta's words with spaces.
		if (check.required('availability'))
			check.oneOf('availability', 'availability', META_AVAILABILITY);
		// FR 51: condition required, `new`, `refurbished` or `used`.
		if (check.required('condition')) check.oneOf('condition', 'condition', CONDITIONS);
		// FR 52: price required, `9.99 USD`.
		if (check.required('price')) checkPrice(check, 'price');
		// FR 53: link and image_link required, absolute URLs (and, being URLs, without whitespace).
		for (const column of ['link', 'image_link'])
			if (
				check.required(column) &&
				(!isAbsoluteHttpUrl(check.get(column)) || /\s/.test(check.get(column)))
			)
				check.flag(column, 'url');
		// FR 54: brand required, or gtin, or mpn.
		if (!check.has('brand') && !check.has('gtin') && !check.has('mpn'))
			check.flag('brand', 'brand', '');
	});
	// FR 47: an id appearing more than once makes Meta ignore every product with it.
	problems.push(...duplicateIds(feed.rows));

	// FR 55: products of one group share item_group_id and each carries the variant's field.
	// Rule `variant`: a product whose item_group_id another product shares, but that has none of
	// Meta's variant fields. (Whether two variants differ in them is not checked.)
	const groupSizes = new Map<string, number>();
	for (const values of feed.rows) {
		const group = (values.item_group_id ?? '').trim();
		if (group !== '') groupSizes.set(group, (groupSizes.get(group) ?? 0) + 1);
	}
	feed.rows.forEach((values, index) => {
		const group = (values.item_group_id ?? '').trim();
		if ((groupSizes.get(group) ?? 0) < 2) return;
		if (!META_VARIANT_FIELDS.some((field) => (values[field] ?? '').trim() !== ''))
			problems.push(rowProblem(index + 1, 'item_group_id', 'variant', group));
	});
	return problems;
}

// ---------------------------------------------------------------------------------------------
// Shopify product CSV (FR 57-77).

/**
 * The columns of Shopify's product template and real exports, and of today's help table (FR 65:
 * "Shopify takes both"), compared in any case. Besides these: market columns (`Price / United
 * States`), `Google Shopping / …` columns and metafield columns (`… (product.metafields.ns.key)`).
 */
const SHOPIFY_COLUMNS = [
	// The template and exports.
	'Handle',
	'Title',
	'Body (HTML)',
	'Vendor',
	'Product Category',
	'Standard Product Type',
	'Custom Product Type',
	'Type',
	'Tags',
	'Published',
	'Option1 Name',
	'Option1 Value',
	'Option1 Linked To',
	'Option2 Name',
	'Option2 Value',
	'Option2 Linked To',
	'Option3 Name',
	'Option3 Value',
	'Option3 Linked To',
	'Variant SKU',
	'Variant Grams',
	'Variant Inventory Tracker',
	'Variant Inventory Qty',
	'Variant Inventory Policy',
	'Variant Fulfillment Service',
	'Variant Price',
	'Variant Compare At Price',
	'Variant Requires Shipping',
	'Variant Taxable',
	'Variant Barcode',
	'Variant Image',
	'Variant Weight Unit',
	'Variant Tax Code',
	'Image Src',
	'Image Position',
	'Image Alt Text',
	'Gift Card',
	'SEO Title',
	'SEO Description',
	'Cost per item',
	'Unit Price Total Measure',
	'Unit Price Total Measure Unit',
	'Unit Price Base Measure',
	'Unit Price Base Measure Unit',
	'Status',
	// Today's help table.
	'URL handle',
	'Description',
	'Published on online store',
	'SKU',
	'Barcode',
	'Price',
	'Compare-at price',
	'Charge tax',
	'Tax code',
	'Inventory tracker',
	'Inventory quantity',
	'Continue selling when out of stock',
	'Weight value (grams)',
	'Weight unit for display',
	'Requires shipping',
	'Fulfillment service',
	'Product image URL',
	'Image position',
	'Image alt text',
	'Variant image URL',
	'Gift card',
];
const SHOPIFY_COLUMN_SET = new Set(SHOPIFY_COLUMNS.map((column) => column.toLowerCase()));
const SHOPIFY_COLUMN_PATTERNS = [
	/^(?:Included|Price|Compare At Price|Compare-at price) \/ .+$/i,
	/^Google Shopping \/ .+$/i,
	/\((?:product|variant)\.metafields\.[^()]+\)$/,
];

/** The columns the rules name, each under its template name and its help-table name (FR 65). */
const SHOPIFY_ALIASES = {
	handle: ['Handle', 'URL handle'],
	title: ['Title'],
	vendor: ['Vendor'],
	sku: ['Variant SKU', 'SKU'],
	grams: ['Variant Grams', 'Weight value (grams)'],
	price: ['Variant Price', 'Price'],
	option1Name: ['Option1 Name'],
	option1Value: ['Option1 Value'],
	option2Value: ['Option2 Value'],
	option3Value: ['Option3 Value'],
	published: ['Published', 'Published on online store'],
	status: ['Status'],
	tags: ['Tags'],
	category: ['Product Category'],
} as const;
type ShopifyField = keyof typeof SHOPIFY_ALIASES;

/** The file's header for one of the rules' columns (any case, either name), if it has one. */
function shopifyColumn(headers: string[], field: ShopifyField): string | undefined {
	const names: readonly string[] = SHOPIFY_ALIASES[field];
	return headers.find((header) =>
		names.some((name) => name.toLowerCase() === header.toLowerCase()),
	);
}

function checkShopify(feed: ParsedFeed): FeedProblem[] {
	const problems: FeedProblem[] = [];
	// FR 65: the first line names the columns as Shopify's table (or template) does.
	for (const header of feed.headers)
		if (
			header !== '' &&
			!SHOPIFY_COLUMN_SET.has(header.toLowerCase()) &&
			!SHOPIFY_COLUMN_PATTERNS.some((pattern) => pattern.test(header))
		)
			problems.push(fileProblem('header', `"${header}" is not a column of Shopify's`, header));

	// A column the file lacks is named as the template names it.
	const column = (field: ShopifyField): string =>
		shopifyColumn(feed.headers, field) ?? SHOPIFY_ALIASES[field][0];
	const handleColumn = column('handle');
	const optionValueColumns = [
		column('option1Value'),
		column('option2Value'),
		column('option3Value'),
	];
	const variantColumns = [column('sku'), column('grams'), column('price')];

	/** Per Handle: whether its Option1 Name was given, and its variants by option values. */
	const products = new Map<string, { optionName: boolean; variants: Map<string, string> }>();

	feed.rows.forEach((values, index) => {
		const check = new ProductCheck(problems, index + 1, values);
		const handle = check.get(handleColumn).trim();
		// FR 67: "each new Handle starts a new product"; a line without a Handle is taken as a
		// product of its own.
		const first = handle === '' || !products.has(handle);
		const product = (handle !== '' ? products.get(handle) : undefined) ?? {
			optionName: false,
			variants: new Map<string, string>(),
		};
		if (handle !== '') products.set(handle, product);

		// FR 67: Handle required; letters, digits and dashes only.
		if (check.required(handleColumn) && !/^[A-Za-z0-9-]+$/.test(check.get(handleColumn)))
			check.flag(handleColumn, 'handle');
		// FR 66: Title required on a product's first line.
		if (first) check.required(column('title'));

		// FR 68: a variant's columns need Option1 Name and Option1 Value. Shopify's template and
		// exports give Option1 Name once, on the product's first line, and leave it empty on the
		// product's further variant lines: a name given on an earlier line of the Handle counts.
		if (check.has(column('option1Name'))) product.optionName = true;
		const isVariant = variantColumns.some((name) => check.has(name));
		if (isVariant) {
			if (!product.optionName) check.flag(column('option1Name'), 'option');
			if (!check.has(column('option1Value'))) check.flag(column('option1Value'), 'option');

			// FR 67: more lines with the same Handle add variants; two lines of one Handle with the
			// same option values are one variant twice: `duplicateHandle` when their SKUs differ (two
			// products given one Handle), `duplicateVariant` when they are the same.
			if (handle !== '') {
				const options = optionValueColumns.map((name) => check.get(name).trim()).join('\u0000');
				const sku = check.get(column('sku')).trim();
				const earlierSku = product.variants.get(options);
				if (earlierSku === undefined) product.variants.set(options, sku);
				else if (earlierSku !== sku) check.flag(handleColumn, 'duplicateHandle');
				else check.flag(column('option1Value'), 'duplicateVariant');
			}
		}

		// FR 69: Published TRUE or FALSE (any case), when given.
		const published = column('published');
		if (check.has(published) && !/^(?:true|false)$/i.test(check.get(published)))
			check.flag(published, 'published');
		// FR 70: Status active, draft or archived, when given (as Shopify's enum writes them).
		const status = column('status');
		if (check.has(status)) check.oneOf(status, 'status', ['active', 'draft', 'archived']);
		// FR 71: Variant Price a number, no currency code.
		const price = column('price');
		if (check.has(price) && !/^\d+(?:\.\d+)?$/.test(check.get(price))) check.flag(price, 'price');
		// FR 72: Variant Grams a number.
		const grams = column('grams');
		if (check.has(grams) && !/^\d+(?:\.\d+)?$/.test(check.get(grams))) check.flag(grams, 'grams');
		// FR 75: Vendor at least two characters, when given.
		const vendor = column('vendor');
		if (check.has(vendor) && length(check.get(vendor).trim()) < 2) check.flag(vendor, 'vendor');
		// FR 74: Tags one cell, comma-separated: not a JSON list.
		const tags = column('tags');
		if (/^\s*\[[\s\S]*\]\s*$/.test(check.get(tags))) check.flag(tags, 'tags');
		// FR 73: Product Category Shopify's taxonomy path joined by ` > ` (a taxonomy id such as
		// `gid://shopify/TaxonomyCategory/aa-1` is left alone).
		const category = column('category');
		if (!/^\s*gid:\/\//.test(check.get(category))) checkCategoryPath(check, category);
	});
	return problems;
}
