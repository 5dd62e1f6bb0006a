/**
 * CSV as real exports write it, read as a stream (no runtime dependency): RFC 4180 quotes and
 * doubled quotes, line breaks inside quoted cells, CR, LF and CRLF line ends, a byte order mark,
 * UTF-8 and UTF-16 told by their mark, other encodings (Latin-1, Windows-1252) by name, and the
 * delimiter found in the header line (`,` `;` tab `|`) or given. Only the record being read and
 * one chunk of the file are held.
 *
 * Lenient where exports are sloppy: a quote inside an unquoted cell, or text after a cell's
 * closing quote, is kept as text; a last line without its line end is a record.
 */

import { fail } from '../params';

/** A record of the file: its cells, and the line of the file it starts on (the header is 1). */
export interface FileRecord {
	line: number;
	cells: string[];
}

export interface CsvOptions {
	/** One character; found in the header line when not given. */
	delimiter?: string;
	/**
	 * The text encoding when the file has no byte order mark (a mark always wins): a WHATWG
	 * label such as `utf-8` (the default), `windows-1252`, `iso-8859-1`, `utf-16le`.
	 */
	encoding?: string;
}

/** The delimiters a header line is searched for, the first winning a tie. */
export const DELIMITERS = [',', ';', '\t', '|'];

const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The encoding a byte order mark names, and the mark's length. */
function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | undefined {
	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
		return { encoding: 'utf-8', length: 3 };
	if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
	if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
	return undefined;
}

/** The file's text, chunk by chunk, decoded by its byte order mark or `encoding`. */
export async function* decodedText(
	chunks: AsyncIterable<Uint8Array>,
	encoding = 'utf-8',
): AsyncGenerator<string> {
	let decoder: InstanceType<typeof TextDecoder> | undefined;
	let head = new Uint8Array(0);
	for await (const chunk of chunks) {
		if (!decoder) {
			// Up to 3 bytes are needed to tell a mark.
			const joined = new Uint8Array(head.length + chunk.length);
			joined.set(head);
			joined.set(chunk, head.length);
			if (joined.length < 3) {
				head = joined;
				continue;
			}
			const mark = byteOrderMark(joined);
			decoder = new TextDecoder(mark?.encoding ?? encoding, { fatal: false });
			const text = decoder.decode(joined.subarray(mark?.length ?? 0), { stream: true });
			if (text) yield text;
			continue;
		}
		const text = decoder.decode(chunk, { stream: true });
		if (text) yield text;
	}
	if (!decoder) {
		const mark = byteOrderMark(head);
		decoder = new TextDecoder(mark?.encoding ?? encoding, { fatal: false });
		const text = decoder.decode(head.subarray(mark?.length ?? 0));
		if (text) yield text;
		return;
	}
	const rest = decoder.decode();
	if (rest) yield rest;
}

/**
 * The delimiter of a header line: the candidate found most often outside quotes, `,` when none
 * is found.
 */
export function delimiterOf(headerLine: string): string {
	const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
	let quoted = false;
	for (const ch of headerLine) {
		if (ch === '"') quoted = !quoted;
		else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
	}
	let best = ',';
	for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
	return best;
}

/** The end of the first line outside quotes in `text`, or -1 when it is not there yet. */
function firstLineEnd(text: string): number {
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === QUOTE) quoted = !quoted;
		else if (!quoted && (c === LF || c === CR)) return i;
	}
	return -1;
}

/** Reads records from text given chunk by chunk (see csvRecords). */
export class CsvParser {
	private readonly delimiter: number;
	private cells: string[] = [];
	private cell = '';
	/** Inside a quoted cell. */
	private quoted = false;
	/** Just after a quote inside a quoted cell: a doubled quote, or the cell's end. */
	private quoteSeen = false;
	/** The cell began with a quote (so its text is what the quotes hold). */
	private cellQuoted = false;
	/** Anything of the record read yet (an empty line is no record). */
	private started = false;
	/** A CR ended the last chunk: a LF at the start of the next belongs to it. */
	private pendingCr = false;
	/** The last character of a quoted cell read was a CR (its LF, if any, ends the same line). */
	private afterCr = false;
	private line = 1;
	private recordLine = 1;

	constructor(delimiter: string) {
		if (delimiter.length !== 1) fail(`A delimiter is one character (got "${delimiter}")`);
		this.delimiter = delimiter.charCodeAt(0);
	}

	/** The records that end in `text` (with what came before it). */
	feed(text: string): FileRecord[] {
		const out: FileRecord[] = [];
		let i = 0;
		if (this.pendingCr) {
			this.pendingCr = false;
			if (text.charCodeAt(0) === LF) i = 1;
		}
		const n = text.length;
		while (i < n) {
			const c = text.charCodeAt(i);
			if (this.quoted) {
				if (this.quoteSeen) {
					this.quoteSeen = false;
					this.afterCr = false;
					if (c === QUOTE) {
						this.cell += '"';
						i++;
						continue;
					}
					this.quoted = false;
					// Falls through: the character after a cell's closing quote.
				} else {
					// Up to the next quote at once.
					const q = text.indexOf('"', i);
					const end = q === -1 ? n : q;
					const part = text.slice(i, end);
					for (let k = 0; k < part.length; k++) {
						const pc = part.charCodeAt(k);
						// A line end inside the cell: CR, LF, or CRLF counted once.
						if (pc === CR || (pc === LF && !this.afterCr)) this.line++;
						this.afterCr = pc === CR;
					}
					this.cell += part;
					if (q === -1) return out;
					this.quoteSeen = true;
					i = q + 1;
					continue;
				}
			}
			if (c === this.delimiter) {
				this.endCell();
				i++;
			} else if (c === LF || c === CR) {
				if (this.started || this.cells.length) out.push(this.endRecord());
				this.line++;
				this.recordLine = this.line;
				if (c === CR) {
					if (i + 1 === n) {
						this.pendingCr = true;
						return out;
					}
					if (text.charCodeAt(i + 1) === LF) i++;
				}
				i++;
			} else if (c === QUOTE && this.cell === '' && !this.cellQuoted) {
				this.quoted = true;
				this.cellQuoted = true;
				this.started = true;
				i++;
			} else {
				// An unquoted run up to the next delimiter, quote or line end.
				let j = i + 1;
				while (j < n) {
					const d = text.charCodeAt(j);
					if (d === this.delimiter || d === LF || d === CR || d === QUOTE) break;
					j++;
				}
				// A quote inside an unquoted cell is text.
				if (j < n && text.charCodeAt(j) === QUOTE) j++;
				this.cell += text.slice(i, j);
				this.started = true;
				i = j;
			}
		}
		return out;
	}

	/** The last record, when the file does not end with a line end. */
	end(): FileRecord[] {
		if (this.quoteSeen) {
			this.quoteSeen = false;
			this.quoted = false;
		}
		return this.started || this.cells.length ? [this.endRecord()] : [];
	}

	private endCell(): void {
		this.cells.push(this.cell);
		this.cell = '';
		this.cellQuoted = false;
		this.started = true;
	}

	private endRecord(): FileRecord {
		this.endCell();
		const record = { line: this.recordLine, cells: this.cells };
		this.cells = [];
		this.started = false;
		return record;
	}
}

/**
 * The records of a CSV file given as chunks of bytes (a stream, or one buffer), in file order:
 * the header first.
 */
export async function* csvRecords(
	chunks: AsyncIterable<Uint8Array>,
	options: CsvOptions = {},
): AsyncGenerator<FileRecord> {
	let parser = options.delimiter ? new CsvParser(options.delimiter) : undefined;
	let head = '';
	for await (const text of decodedText(chunks, options.encoding)) {
		if (!parser) {
			head += text;
			const end = firstLineEnd(head);
			if (end === -1) continue;
			parser = new CsvParser(delimiterOf(head.slice(0, end)));
			yield* parser.feed(head);
			head = '';
			continue;
		}
		yield* parser.feed(text);
	}
	if (!parser) {
		parser = new CsvParser(delimiterOf(head));
		yield* parser.feed(head);
	}
	yield* parser.end();
}
