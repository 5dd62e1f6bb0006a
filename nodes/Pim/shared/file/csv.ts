/**
 * CSV as real exports write it, read as a stream (no runtime dependency): RFC 4180 quotes and
 * doubled quotes, line breaks inside quoted cells, CR, LF and CRLF line ends, the text decoded by
 * textDecoding.ts, and the delimiter found in the header line (`,` `;` tab `|`) or given. Only the
 * record being read and one chunk of the file are held.
 *
 * Lenient where exports are sloppy: a quote inside an unquoted cell, or text after a cell's
 * closing quote, is kept as text; a last line without its line end is a record (FileRecord.quote
 * tells what reads the records where a quote took in the lines after it). Strict where a file is
 * hostile (bounds.ts): a quoted cell the file ends inside, a cell, a row or a header line past its
 * bound, bytes that are not the encoding refuse the file at their line.
 */

import { fail } from '../params';
import { BOUNDS_HINT, counted, FILE_BOUNDS, refuse, refuseCell, refuseRow } from './bounds';
import { decodedText } from './textDecoding';

/** A record of the file: its cells, and the line of the file it starts on (the header is 1). */
export interface FileRecord {
	line: number;
	cells: string[];
	/**
	 * A CSV record's quoted cell that holds line breaks (the first with text after its closing
	 * quote, `"…"text`, else the first): the lines its quote opens and closes on, and whether text
	 * follows. A quote never closed where it should be takes in the lines after it: this says where.
	 */
	quote?: QuoteSpan;
}

export interface QuoteSpan {
	opens: number;
	closes: number;
	textAfter: boolean;
}

/** The delimiters a header line is searched for, the first winning a tie. */
export const DELIMITERS = [',', ';', '\t', '|'];

const CELL = FILE_BOUNDS.cell;
const ROW = FILE_BOUNDS.row;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The delimiter of a header line: the candidate found most often outside quotes (`,` if none). */
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

/**
 * The end of the first line outside quotes in `text`, or -1 when it is not there yet; `state`
 * carries whether a quote is open from the text before.
 */
function firstLineEnd(text: string, state: { quoted: boolean }): number {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === QUOTE) state.quoted = !state.quoted;
		else if (!state.quoted && (c === LF || c === CR)) return i;
	}
	return -1;
}

/** Reads records from text given chunk by chunk (see csvRecords). */
export class CsvParser {
	private readonly delimiter: number;
	private cells: string[] = [];
	private cell = '';
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
	/** The line of the file the text fed so far ends on. */
	line = 1;
	private recordLine = 1;
	/** The line the quoted cell being read opens on. */
	private cellLine = 1;
	/** Characters of the record's ended cells. */
	private recordChars = 0;
	/** The record's quoted cell that holds line breaks (FileRecord.quote). */
	private recordQuote?: QuoteSpan;

	constructor(delimiter: string) {
		if (delimiter.length !== 1) fail(`A delimiter is one character (got "${delimiter}")`);
		this.delimiter = delimiter.charCodeAt(0);
	}

	/**
	 * The records that end in `text` (with what came before it), one at a time as they are read:
	 * a record is short-lived, never one of a whole text's array.
	 */
	*feed(text: string): Generator<FileRecord> {
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
					this.closeQuote(c !== this.delimiter && c !== LF && c !== CR);
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
					if (this.cell.length > CELL || this.recordChars + this.cell.length > ROW)
						this.refuseSize();
					if (q === -1) return;
					this.quoteSeen = true;
					i = q + 1;
					continue;
				}
			}
			if (c === this.delimiter) {
				this.endCell();
				i++;
			} else if (c === LF || c === CR) {
				if (this.started || this.cells.length) yield this.endRecord();
				this.line++;
				this.recordLine = this.line;
				if (c === CR) {
					if (i + 1 === n) {
						this.pendingCr = true;
						return;
					}
					if (text.charCodeAt(i + 1) === LF) i++;
				}
				i++;
			} else if (c === QUOTE && this.cell === '' && !this.cellQuoted) {
				this.quoted = true;
				this.cellQuoted = true;
				this.cellLine = this.line;
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
				if (this.cell.length > CELL || this.recordChars + this.cell.length > ROW) this.refuseSize();
				this.started = true;
				i = j;
			}
		}
	}

	/** The last record, when the file does not end with a line end. */
	end(): FileRecord[] {
		if (this.quoted && !this.quoteSeen)
			refuse(
				`line ${this.cellLine}`,
				'a quoted cell opened there is never closed',
				`The file ends inside the cell its quote opens on line ${this.cellLine}. Quotes inside a quoted cell are doubled ("").`,
			);
		if (this.quoteSeen) {
			this.quoteSeen = false;
			this.quoted = false;
			this.closeQuote(false);
		}
		return this.started || this.cells.length ? [this.endRecord()] : [];
	}

	/** A quoted cell's closing quote read (`textAfter`: text follows it in the cell). */
	private closeQuote(textAfter: boolean): void {
		if (this.line === this.cellLine) return;
		if (this.recordQuote && (this.recordQuote.textAfter || !textAfter)) return;
		this.recordQuote = { opens: this.cellLine, closes: this.line, textAfter };
	}

	/** A cell or row past its bound (see bounds.ts). */
	private refuseSize(): never {
		const place = `line ${this.recordLine}`;
		if (this.cell.length > CELL)
			refuseCell(
				place,
				this.cellQuoted
					? `The cell's quote opens on line ${this.cellLine}: is its closing quote missing? Quotes inside a quoted cell are doubled (""). ${BOUNDS_HINT}`
					: undefined,
			);
		return refuseRow(place);
	}

	private endCell(): void {
		this.recordChars += this.cell.length;
		if (this.cells.length === FILE_BOUNDS.columns)
			refuse(
				`line ${this.recordLine}`,
				`a row has more than ${counted(FILE_BOUNDS.columns)} cells`,
				BOUNDS_HINT,
			);
		this.cells.push(this.cell);
		this.cell = '';
		this.cellQuoted = false;
		this.started = true;
	}

	private endRecord(): FileRecord {
		this.endCell();
		const record: FileRecord = { line: this.recordLine, cells: this.cells };
		if (this.recordQuote) record.quote = this.recordQuote;
		this.cells = [];
		this.recordChars = 0;
		this.recordQuote = undefined;
		this.started = false;
		return record;
	}
}

/** The line ends of `text` (CRLF counted once): how many lines it spans, less one. */
const lineEnds = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;

/** The records of a CSV file given as chunks of bytes (a stream, or one buffer), header first. */
export async function* csvRecords(
	chunks: AsyncIterable<Uint8Array>,
	/**
	 * `delimiter`: one character, found in the header line when not given. `encoding`: the text's
	 * when the file has no byte order mark (a mark always wins), a WHATWG label such as `utf-8`
	 * (the default), `windows-1252`, `iso-8859-1`, `utf-16le`.
	 */
	options: { delimiter?: string; encoding?: string } = {},
): AsyncGenerator<FileRecord> {
	let parser = options.delimiter ? new CsvParser(options.delimiter) : undefined;
	// The text before the header line's end, in the pieces it came in (scanned once each).
	let head: string[] = [];
	let headLength = 0;
	const headState = { quoted: false };
	const notTheEncoding = (name: string) =>
		refuse(
			`line ${parser ? parser.line : 1 + lineEnds(head.join(''))}`,
			`it holds bytes that are not ${name} text`,
			"Set File Options → Encoding to the file's encoding (exports from Excel on Windows are often Windows-1252), or save the file as UTF-8.",
		);
	for await (const text of decodedText(chunks, options.encoding, notTheEncoding)) {
		if (!parser) {
			head.push(text);
			headLength += text.length;
			const end = firstLineEnd(text, headState);
			if (end === -1) {
				if (headLength > ROW)
					refuse(
						'line 1',
						`the header line is longer than ${counted(ROW)} characters`,
						`Is a quote in it never closed? ${BOUNDS_HINT}`,
					);
				continue;
			}
			const whole = head.join('');
			head = [];
			parser = new CsvParser(delimiterOf(whole.slice(0, whole.length - text.length + end)));
			yield* parser.feed(whole);
			continue;
		}
		yield* parser.feed(text);
	}
	if (!parser) {
		const whole = head.join('');
		parser = new CsvParser(delimiterOf(whole));
		yield* parser.feed(whole);
	}
	yield* parser.end();
}
