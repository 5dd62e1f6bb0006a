import type { IDataObject } from 'n8n-workflow';
import { BINARY_ENCODING } from 'n8n-workflow';

import { counted, FILE_BOUNDS, FileRefused, refuse } from '../../../shared/file/bounds';
import { csvRecords, type FileRecord } from '../../../shared/file/csv';
import { xlsxRecords } from '../../../shared/file/xlsx';
import { isZip } from '../../../shared/file/zip';
import type { PimItem } from '../../../shared/item';
import { fail, optionalString, ParameterProblem } from '../../../shared/params';
import { RunSlot, type Later, type PimRun } from '../../../shared/run';
import { FileColumns, FileRow } from './fileRow';
import { RowWindow, type CutGroup } from './fileWindow';

/**
 * Import File's source: a catalogue file in n8n's binary data (streamed where n8n keeps it in
 * files or S3), read by the file readers (CSV or XLSX, told apart by its content) into records,
 * made rows by column (fileRow.ts) and handed on a window at a time (fileWindow.ts) to the one
 * driver of a run of writes (shared/rowRun.ts; the file's steps in fileImport/writeRows.ts).
 */

/** The bytes of the file read at a time. */
const CHUNK = 256 * 1024;

/** The file item's parameters, evaluated once for all its rows. */
export function fileParameters(item: PimItem): IDataObject {
	const names = [
		'binaryPropertyName',
		'skuColumn',
		'familyCode',
		'familyColumn',
		'languageCode',
		'channels',
		'channelStatusColumn',
		'categoryColumn',
		'imageColumns',
		'languageColumn',
		'importOptions',
		'upsertOptions',
		'fileOptions',
	];
	return Object.fromEntries(
		names.map((n) => [n, item.param<unknown>(n, undefined)]),
	) as IDataObject;
}

/**
 * The file's records; `format` is told before its first record whether a row's empty last cells
 * are left out (XLSX: a row shorter than the header is whole).
 */
/** How far a pass has read its file: the bytes read, of the file's size when n8n tells it. */
export interface FileProgress {
	bytes: number;
	size?: number;
}

async function* fileRecords(
	item: PimItem,
	given: IDataObject,
	format: { sparse: boolean },
	progress: FileProgress,
): AsyncGenerator<FileRecord> {
	const property = optionalString(given.binaryPropertyName) ?? 'data';
	const options = (given.fileOptions ?? {}) as IDataObject;
	const binary = item.inputBinary(property);
	progress.bytes = 0;
	progress.size = binary.id ? await item.binarySize(binary.id) : undefined;
	const stream: AsyncIterable<Uint8Array> = binary.id
		? await item.binaryStream(binary.id, CHUNK)
		: (async function* () {
				// Binary data n8n keeps in memory: decoded once, read in slices (no copy), so the
				// text in hand is a slice's, never the file's.
				const whole = Buffer.from(binary.data, BINARY_ENCODING);
				progress.size = whole.length;
				for (let at = 0; at < whole.length; at += CHUNK) yield whole.subarray(at, at + CHUNK);
			})();
	const chunks = (async function* () {
		for await (const chunk of stream) {
			progress.bytes += chunk.length;
			yield chunk;
		}
	})();
	const iterator = chunks[Symbol.asyncIterator]();
	const first = await iterator.next();
	const rest = (async function* () {
		if (!first.done) yield first.value;
		for (let next = await iterator.next(); !next.done; next = await iterator.next())
			yield next.value;
	})();
	if (!first.done && isZip(first.value)) {
		// An XLSX is read from its directory at the end: the archive is held, its sheet streamed.
		const parts: Uint8Array[] = [];
		let size = 0;
		for await (const part of rest) {
			size += part.length;
			if (size > FILE_BOUNDS.xlsxFile)
				refuse(
					undefined,
					`it is an XLSX file of more than ${counted(FILE_BOUNDS.xlsxFile)} bytes`,
					'An XLSX file is held whole (compressed) to read its directory: save a larger one as CSV, which is read as a stream.',
				);
			parts.push(part);
		}
		format.sparse = true;
		yield* xlsxRecords(Buffer.concat(parts), { sheet: optionalString(options.sheet) });
		return;
	}
	yield* csvRecords(rest, {
		delimiter: optionalString(options.delimiter),
		encoding: optionalString(options.encoding),
	});
}

/**
 * One pass over a file: its rows share the execution's reads and turns, and keep their per-run
 * state (the plan: groups, report) apart from the other files' and passes'.
 */
export class FileRun implements PimRun {
	private readonly slots = new Map<RunSlot<unknown>, unknown>();

	constructor(private readonly run: PimRun) {}

	shared<T>(key: string, what: string, read: () => Promise<T>): Later<T> {
		return this.run.shared(key, what, read);
	}

	ofNodeRun<T>(slot: RunSlot<T>): T {
		return slot.in(this.slots);
	}

	async inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
		return await this.run.inTurn(key, task);
	}
}

/**
 * A row of the file: its line, its record as a product write's row, its cells as read, and what
 * is wrong with its shape (a bad row, never written: FileColumns.shapeProblem).
 */
export interface FileLine {
	line: number;
	row: FileRow;
	cells: string[];
	headers: string[];
	shape?: ParameterProblem;
}

/** Reads the file once: `each` gets every window of rows (fileWindow.ts). */
export async function readWindows(
	item: PimItem,
	given: IDataObject,
	run: PimRun,
	/** Gets each window and the rows read so far; false stops the reading (a stopped execution). */
	each: (rows: FileLine[], read: number) => Promise<boolean>,
	/** What the pass does when the file is refused (bounds.ts). */
	onRefusal: {
		/** Whether `each` gets the rows read before the refusal (but a product group it cuts). */
		writeBefore: boolean;
		/** What the error adds: what was written (`cut`: the group whose rows were left out). */
		said: (cut?: CutGroup) => string;
	},
	/** Waits for the rows handed on to be done, before the pass ends or fails. */
	settle: () => Promise<void> = async () => {},
	/** Where the reading is in the file, kept up to date for the caller. */
	progress: FileProgress = { bytes: 0 },
): Promise<number> {
	let columns: FileColumns | undefined;
	const window = new RowWindow<FileLine>();
	let count = 0;
	const format = { sparse: false };
	const reading = async () => {
		for await (const record of fileRecords(item, given, format, progress)) {
			if (!columns) {
				columns = new FileColumns(
					record.cells.map((h) => h.trim()),
					given,
					run,
				);
				continue;
			}
			const cells: IDataObject = {};
			columns.headers.forEach((h, i) => {
				if (!(h in cells)) cells[h] = record.cells[i] ?? '';
			});
			// A variant's empty cells take its parent row's values (variants.ts).
			const fields = columns.variants ? columns.variants.fill(cells) : cells;
			let chars = 0;
			for (const cell of record.cells) chars += cell.length;
			// Group By's key as the write reads it (imports.ts).
			const group =
				columns.groupBy === undefined ? undefined : optionalString(fields[columns.groupBy]);
			const line: FileLine = {
				line: record.line,
				row: new FileRow(count, fields, columns),
				cells: record.cells,
				headers: columns.headers,
				shape: columns.shapeProblem(record, format.sparse),
			};
			const full = window.add(line, group, chars);
			count++;
			if (full && !(await each(full, count - 1))) return false;
		}
		return true;
	};
	const outcome = await reading().then(
		(read) => ({ read }),
		(error: unknown) => ({ error }),
	);
	if ('error' in outcome) {
		if (!(outcome.error instanceof FileRefused)) {
			await settle();
			throw outcome.error;
		}
		const { rows, cut } = window.beforeRefusal();
		if (onRefusal.writeBefore && rows.length) await each(rows, count);
		await settle();
		const { message, description } = outcome.error;
		const said = onRefusal.said(cut);
		fail(message, description ? `${description} ${said}` : said);
	}
	if (outcome.read && !columns) fail('The file is empty: it has no header line');
	const rest = window.rest();
	if (outcome.read && rest.length) await each(rest, count);
	await settle();
	return count;
}
