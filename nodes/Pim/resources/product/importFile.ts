import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { BINARY_ENCODING } from 'n8n-workflow';

import { FROM_VERSION_2, showFor } from '../../shared/descriptions';
import { counted, FILE_BOUNDS, FileRefused, refuse } from '../../shared/file/bounds';
import { csvRecords, type FileRecord } from '../../shared/file/csv';
import { xlsxRecords } from '../../shared/file/xlsx';
import { isZip } from '../../shared/file/zip';
import type { PimItem } from '../../shared/item';
import { fail, optionalString, ParameterProblem } from '../../shared/params';
import { OrderedTasks } from '../../shared/orderedTasks';
import { isPending, RunSlot, type Later, type PimRun } from '../../shared/run';
import { runClient, sendsItsOwnRequests, toItems } from '../../shared/runners';
import type { PimClient } from '../../shared/transport';
import { FileColumns, FileRow } from './fileRow';
import type { Catalogue } from './catalogue';
import { fieldsAsked } from './compare';
import { accountAttributes } from './lists';
import { matchField } from './mapping';
import { planOf } from './plan';
import { prepareWrite } from './send';
import type { ProductWrite } from './write';
import { FileReport, type ReportRows, type RowOutcome } from './fileReport';
import { RowWindow, type CutGroup } from './fileWindow';
import {
	decide,
	dryRun,
	isDataOverwrite,
	skipUnchanged,
	syncOptions,
	type SyncOptions,
} from './sync';

/**
 * Product → Import File (version 2): a catalogue file (CSV or XLSX, told apart by its content) in
 * one input item's binary data, read row by row. Each row goes through the product write every
 * item takes (its row read, resolved, put on the wire: send.ts, write.ts) and Create or Update's
 * decision against the account's catalogue, read once (upsert.ts, catalogue.ts). The node holds the
 * catalogue's digests and a window of rows, never the file's rows; its output is one summary item
 * per file.
 *
 * With On Bad Rows → Stop, the file is read twice: every row is prepared first, and nothing is
 * written when one cannot be; then the rows are written.
 */

/** The bytes of the file read at a time. */
const CHUNK = 256 * 1024;

/** The problems the summary lists; the count is `failed`. */
const MAX_PROBLEMS = 100;

interface Problem {
	line: number;
	sku?: string;
	error: string;
}

/** The file item's parameters, evaluated once for all its rows. */
function fileParameters(item: PimItem): IDataObject {
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
		'importOptions',
		'upsertOptions',
		'fileOptions',
	];
	return Object.fromEntries(
		names.map((n) => [n, item.param<unknown>(n, undefined)]),
	) as IDataObject;
}

/** What the file's format says of its rows, known once its first bytes are read. */
interface FileFormat {
	/** A row's empty last cells are left out (XLSX): a row shorter than the header is whole. */
	sparse: boolean;
}

/**
 * The file's records, from n8n's binary data: streamed where n8n keeps it in files or S3.
 * `format` is told the file's format before its first record.
 */
async function* fileRecords(
	item: PimItem,
	given: IDataObject,
	format: FileFormat,
): AsyncGenerator<FileRecord> {
	const property = optionalString(given.binaryPropertyName) ?? 'data';
	const options = (given.fileOptions ?? {}) as IDataObject;
	const helpers = item.ctx.helpers;
	const binary = helpers.assertBinaryData(property);
	const chunks: AsyncIterable<Uint8Array> = binary.id
		? ((await helpers.getBinaryStream(binary.id, CHUNK)) as unknown as AsyncIterable<Uint8Array>)
		: (async function* () {
				// Binary data n8n keeps in memory: decoded once, read in slices (no copy), so the
				// text in hand is a slice's, never the file's.
				const whole = Buffer.from(binary.data, BINARY_ENCODING);
				for (let at = 0; at < whole.length; at += CHUNK) yield whole.subarray(at, at + CHUNK);
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
class FileRun implements PimRun {
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

const messageOf = (error: unknown) => {
	const e = error as { message?: unknown; description?: unknown };
	const description =
		typeof e.description === 'string' && e.description ? `. ${e.description}` : '';
	return `${String(e.message ?? error)}${description}`;
};

/**
 * A row of the file: its line, its record as a product write's row, its cells as read, and what
 * is wrong with its shape (a bad row, never written: FileColumns.shapeProblem).
 */
interface FileLine {
	line: number;
	row: FileRow;
	cells: string[];
	headers: string[];
	shape?: ParameterProblem;
}

/** What a pass over the file does when the file is refused (bounds.ts). */
interface OnRefusal {
	/** Whether `each` gets the rows read before the refusal (but a product group it cuts). */
	writeBefore: boolean;
	/** What the error adds: what was written (`cut`: the group whose rows were left out). */
	said: (cut?: CutGroup) => string;
}

/** Reads the file once: `each` gets every window of rows (fileWindow.ts). */
async function readWindows(
	item: PimItem,
	given: IDataObject,
	run: PimRun,
	/** Gets each window and the rows read so far; false stops the reading (a stopped execution). */
	each: (rows: FileLine[], read: number) => Promise<boolean>,
	onRefusal: OnRefusal,
	/** Waits for the rows handed on to be done, before the pass ends or fails. */
	settle: () => Promise<void> = async () => {},
): Promise<number> {
	let columns: FileColumns | undefined;
	const window = new RowWindow<FileLine>();
	let count = 0;
	const format: FileFormat = { sparse: false };
	const reading = async () => {
		for await (const record of fileRecords(item, given, format)) {
			if (!columns) {
				columns = new FileColumns(
					record.cells.map((h) => h.trim()),
					given,
					run,
				);
				continue;
			}
			const fields: IDataObject = {};
			columns.headers.forEach((h, i) => {
				if (!(h in fields)) fields[h] = record.cells[i] ?? '';
			});
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

type Outcome = { write: ProductWrite } | { problem: unknown };

/**
 * A window's rows prepared, in order (rows of a group join it in order): each its write or its
 * problem, as a promise that never rejects.
 */
function prepareRows(rows: FileLine[], pim: PimClient) {
	return rows.map(({ line, row, cells, headers, shape }) => {
		let outcome: Promise<Outcome>;
		// A row whose values cannot be put under their columns is bad as it is, none of them read.
		if (shape) return { line, row, cells, headers, outcome: Promise.resolve({ problem: shape }) };
		try {
			const made = prepareWrite(row, 'create', pim);
			outcome = isPending(made)
				? made.then(
						({ write }) => ({ write }),
						(problem: unknown) => ({ problem }),
					)
				: Promise.resolve({ write: made.write });
		} catch (problem) {
			outcome = Promise.resolve({ problem });
		}
		return { line, row, cells, headers, outcome };
	});
}

/** Adds to `asked` the fields the first window's rows compare, and the attributes its headers name. */
async function askFirst(
	prepared: ReturnType<typeof prepareRows>,
	run: PimRun,
	pim: PimClient,
	ask: (write: ProductWrite) => void,
	asked: Set<string>,
): Promise<void> {
	// The window whole before any row is read further: a group's rows have all joined it.
	for (const done of await Promise.all(prepared.map((p) => p.outcome))) {
		try {
			if ('write' in done && !done.write.instead?.()) ask(done.write);
		} catch {
			// A bad row: said when the window is written.
		}
	}
	const attributes = await accountAttributes(run, pim);
	for (const header of prepared[0]?.headers ?? [])
		for (const attribute of matchField(header, attributes)) asked.add(attribute.code);
}

const skuOf = (row: FileRow) => optionalString(row.param<unknown>('sku', undefined));

/** Forgets a finished window's product groups (the node holds a window: groups are never cut). */
function forgetWindow(run: PimRun): void {
	planOf(run).groups.clear();
}

/** Rows whose writes run at once, and rows done that may wait for an earlier one to be reported. */
const ROWS_IN_FLIGHT = 20;
const ROWS_WAITING = 2000;

/** A prepared row as it writes: its problem, what its group makes it output instead, or its write. */
type Ready = { problem: unknown } | { write: ProductWrite; instead?: IDataObject };

/** Reads what a row's group makes of it (before its window's groups are forgotten). */
function readyToWrite(done: Outcome): Ready {
	if ('problem' in done) return done;
	const { write } = done;
	try {
		const instead = write.instead?.();
		if (instead) return { write, instead };
		// A group's body is read with its group.
		write.body();
		return { write };
	} catch (problem) {
		return { problem };
	}
}

/** What a file's rows share as they write. */
interface RowWriting {
	run: PimRun;
	pim: PimClient;
	sync: SyncOptions;
	counts: { created: number; updated: number; unchanged: number };
	confirmed: () => void;
	/** Counts a failed row; returns its message. */
	problem: (line: number, sku: string | undefined, error: unknown) => string;
}

/** A row's outcome, with its cells while it waits for the bad rows file. */
type Written = RowOutcome & { bad?: { headers: string[]; cells: string[] } };

/** Decides and writes one row against the catalogue (upsert.ts, decide). */
async function writeRow(
	writing: RowWriting,
	catalogue: Catalogue,
	{ line, row, cells, headers, ready }: Omit<FileLine, 'shape'> & { ready: Ready },
): Promise<Written> {
	const { run, pim, sync, counts } = writing;
	const sku = skuOf(row);
	const bad = (error: unknown): Written => ({
		line,
		sku,
		operation: 'failed',
		error: writing.problem(line, sku, error),
		bad: { headers, cells },
	});
	if ('problem' in ready) return bad(ready.problem);
	const { write, instead } = ready;
	const warnings = write.warnings.length ? { warnings: write.warnings } : {};
	// A row of a product group whose product another row writes.
	if (instead) return { line, sku, operation: String(instead.operation), ...warnings };
	try {
		const decision = await decide(run, { pim, write, sync, compare: true, catalogue });
		const { output, changed } = decision;
		if (decision.confirmed) writing.confirmed();
		const operation = String(output.operation);
		if (operation === 'created' || operation === 'create') counts.created++;
		else if (operation === 'updated' || operation === 'update') counts.updated++;
		else counts.unchanged++;
		return { line, sku, operation, changed, ...warnings };
	} catch (error) {
		return bad(error);
	}
}

/** How often a long import says where it is in n8n's log. */
const PROGRESS_EVERY_MS = 10_000;

/** One file's import: its summary, its report file's text, its changed rows. */
interface Imported {
	summary: IDataObject;
	report: FileReport;
}

/** Imports one file: what happened to its rows. */
async function importOne(item: PimItem): Promise<Imported> {
	const given = fileParameters(item);
	// One long run: its requests keep to the pace a rate limit taught, not just its pauses.
	const pim = runClient(item, true);
	const upsertOptions = (given.upsertOptions ?? {}) as IDataObject;
	const fileOptions = (given.fileOptions ?? {}) as IDataObject;
	const stopOnBadRows = fileOptions.onBadRows !== 'skip';
	// The catalogue is read once; its unchanged products are left as they are unless told.
	const sync: SyncOptions = syncOptions(
		{ ...upsertOptions, lookup: 'allProducts' },
		{ skipUnchanged: true },
	);
	const report = new FileReport(
		(optionalString(fileOptions.report) ?? 'changes') as ReportRows,
		fileOptions.outputRows === true,
		fileOptions.badRowsFile === true,
	);
	const problems: Problem[] = [];
	let failed = 0;
	const problem = (line: number, sku: string | undefined, error: unknown) => {
		failed++;
		const message = messageOf(error);
		if (problems.length < MAX_PROBLEMS)
			problems.push({ line, ...(sku ? { sku } : {}), error: message });
		return message;
	};
	// Stopping the execution in n8n stops the import between windows (requests already sent end).
	const cancel = item.ctx.getExecutionCancelSignal?.();
	let stopped = false;

	// The fields the rows' comparisons read: the catalogue digests only those (catalogue.ts).
	const asked = new Set<string>();
	const ask = (write: ProductWrite) => {
		for (const field of fieldsAsked(write.body(), write.lists, sync.isDataOverwrite))
			asked.add(field);
	};

	// Stop: every row is prepared before any is written.
	if (stopOnBadRows) {
		const check = new FileRun(item.run);
		const rows = await readWindows(
			item,
			given,
			check,
			async (window) => {
				const prepared = prepareRows(window, pim);
				// The window whole before any row is read further: a group's rows have all joined it.
				const outcomes = await Promise.all(prepared.map((p) => p.outcome));
				for (const [i, { line, row }] of prepared.entries()) {
					const done = outcomes[i];
					if ('problem' in done) problem(line, skuOf(row), done.problem);
					else
						try {
							// A group's row is checked with its group: images with no product are a bad row.
							if (!done.write.instead?.()) ask(done.write);
						} catch (error) {
							problem(line, skuOf(row), error);
						}
				}
				forgetWindow(check);
				return !cancel?.aborted;
			},
			{ writeBefore: false, said: () => 'Nothing was written.' },
		);
		if (failed) {
			problems.sort((a, b) => a.line - b.line);
			const listed = problems
				.slice(0, 20)
				.map((p) => `line ${p.line}${p.sku ? ` (SKU ${p.sku})` : ''}: ${p.error}`)
				.join(' | ');
			throw new ParameterProblem(
				`Nothing was written: ${failed} of ${rows} rows of the file have a problem`,
				`${listed}${failed > 20 ? ` | and ${failed - 20} more` : ''}. To write the good rows and list the bad ones, set File Options → On Bad Rows to Skip.`,
			);
		}
	}

	const run = new FileRun(item.run);
	const counts = { created: 0, updated: 0, unchanged: 0 };
	// Writes whose answer was lost and a read found written (send.ts, sendChecked).
	let confirmed = 0;
	let catalogue: Catalogue | undefined;
	let said = Date.now();
	const written = (cut?: CutGroup) =>
		`The rows before it were imported${cut ? `, but those of its product group "${cut.group}" (from line ${cut.line})` : ''}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${failed} failed.`;
	// Rows write as a pipeline (shared/orderedTasks.ts): a row paused by a fault holds its own
	// slot, never its window; the report still lists the rows in line order.
	const pipeline = new OrderedTasks<Written>(ROWS_IN_FLIGHT, ROWS_WAITING, (outcomes) => {
		outcomes.sort((a, b) => a.line - b.line);
		for (const outcome of outcomes)
			if (outcome.bad) {
				report.badRow(outcome.bad.headers, outcome.bad.cells);
				delete outcome.bad;
			}
		report.add(outcomes);
	});
	const writing: RowWriting = {
		run,
		pim,
		sync,
		counts,
		confirmed: () => confirmed++,
		problem,
	};
	const rows = await readWindows(
		item,
		given,
		run,
		async (window, read) => {
			const prepared = prepareRows(window, pim);
			if (!catalogue) {
				// Skip: every row's fields are not known yet; the first window's and those the headers
				// name (a row asking about another field has its product read).
				if (!stopOnBadRows) await askFirst(prepared, run, pim, ask, asked);
				catalogue = await planOf(run).catalogue(pim, true, asked);
			}
			const found = catalogue;
			// Each row's write as its group makes it, taken before the window's groups are forgotten.
			const ready = await Promise.all(
				prepared.map(async (p) => ({ ...p, ready: readyToWrite(await p.outcome) })),
			);
			forgetWindow(run);
			await pipeline.add(ready.map((row) => () => writeRow(writing, found, row)));
			if (Date.now() - said >= PROGRESS_EVERY_MS) {
				said = Date.now();
				item.ctx.logger?.info(
					`PIM Import File: ${read} rows read, ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${failed} failed`,
				);
			}
			stopped = cancel?.aborted === true;
			return !stopped;
		},
		{ writeBefore: true, said: written },
		() => pipeline.drain(),
	);
	problems.sort((a, b) => a.line - b.line);
	const { refused, faulted } = pim.retries;
	return {
		summary: {
			rows,
			...counts,
			failed,
			problems: problems as unknown as IDataObject[],
			// Requests tried again (after a fault or a refusal), and lost answers found written.
			retried: refused + faulted,
			confirmed,
			...(sync.dryRun ? { dryRun: true } : {}),
			...(stopped ? { stopped: true } : {}),
			...report.warnedRows(),
			...planOf(run).report.notes(rows, { refused, faulted, confirmed }),
		},
		report,
	};
}

/**
 * Files of a run are imported one after another. Each gives its summary item, with the report
 * file (binary `report`, CSV) when one is asked for and the bad rows file (binary `badRows`) when
 * asked for and a row was not written, then its changed rows when asked for.
 */
async function importFile(item: PimItem): Promise<INodeExecutionData[]> {
	const { summary, report } = await item.run.inTurn('importFile', () => importOne(item));
	const first: INodeExecutionData = { json: summary, pairedItem: { item: item.index } };
	// Binary property, the file name's suffix, the bytes.
	const files: Array<[string, string, Buffer | undefined]> = [
		['report', 'report', report.reportFile()],
		['badRows', 'bad-rows', report.badRowsFile()],
	];
	for (const [property, suffix, bytes] of files)
		if (bytes !== undefined)
			(first.binary ??= {})[property] = await item.ctx.helpers.prepareBinaryData(
				bytes,
				fileNameBeside(item, suffix),
				'text/csv',
			);
	return [first, ...toItems(item, report.rowItems())];
}

/** A file named after the catalogue file: its name, then "-<suffix>.csv". */
function fileNameBeside(item: PimItem, suffix: string): string {
	const property = optionalString(item.param<unknown>('binaryPropertyName', 'data')) ?? 'data';
	const name = item.ctx.getInputData()?.binary?.[property]?.fileName ?? 'catalogue';
	return `${name.replace(/\.[^./\\]*$/, '')}-${suffix}.csv`;
}

export const option: INodePropertyOptions = {
	name: 'Import File',
	value: 'importFile',
	// n8n's node creator lists and searches operations by this text (not their description).
	action: 'Import a catalogue file (CSV or XLSX)',
	description:
		'Create or update the products of a CSV or XLSX file in one item, row by row: only the rows that differ are written',
	routing: sendsItsOwnRequests(importFile),
};

const show = showFor('product', ['importFile'], FROM_VERSION_2);

const column = (
	displayName: string,
	name: string,
	description: string,
	placeholder: string,
	fallback = '',
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: fallback,
	placeholder,
	description,
	displayOptions: show,
});

/**
 * The file and the columns that say which product a row is: shown first, before the fields the
 * product writes share (Family, Language, Channels, Import Options: fields.ts, see index.ts).
 */
export const leadingFields: INodeProperties[] = [
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field containing the file (CSV or XLSX)',
		description: 'The binary field of the input item that holds the catalogue file',
		displayOptions: show,
	},
	column(
		'SKU Column',
		'skuColumn',
		"The header of the column holding each row's SKU (any case, surrounding spaces ignored)",
		'e.g. sku',
		'sku',
	),
	column(
		'Family Column',
		'familyColumn',
		"The header of a column naming each row's family (code or title); a row with an empty cell takes Family",
		'e.g. family',
	),
];

/** The rest of Import File's own fields, after the shared ones. */
export const description: INodeProperties[] = [
	column(
		'Channel Status Column',
		'channelStatusColumn',
		"The header of a column whose yes/no value (TRUE/FALSE, 1/0, yes/no, active/draft, …) sets each row's status in its channels; an empty cell takes the channel's Active",
		'e.g. enabled',
	),
	column(
		'Category Column',
		'categoryColumn',
		"The header of the column naming each row's categories: codes, titles or paths, several separated by commas",
		'e.g. categories',
	),
	column(
		'Image Columns',
		'imageColumns',
		'The headers of the columns holding image URLs, separated by commas',
		'e.g. base_image, additional_images',
	),
	{
		displayName: 'Options',
		name: 'upsertOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			dryRun(
				'Whether to write nothing: the summary counts what would be created, updated and left unchanged',
			),
			isDataOverwrite,
			{
				...skipUnchanged(
					'Whether to leave a product unwritten when it already holds every value its row would send',
				),
				default: true,
			},
		],
	},
	{
		displayName: 'File Options',
		name: 'fileOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Bad Rows File',
				name: 'badRowsFile',
				type: 'boolean',
				default: false,
				description:
					'Whether the summary item also carries the rows that were not written as binary "badRows": a CSV with the file\'s own columns, to correct and import again (with On Bad Rows: Skip)',
			},
			{
				displayName: 'Delimiter',
				name: 'delimiter',
				type: 'string',
				default: '',
				placeholder: 'e.g. ;',
				description: "A CSV file's delimiter; found in its header line when empty (, ; tab |)",
			},
			{
				displayName: 'Encoding',
				name: 'encoding',
				type: 'options',
				options: [
					{ name: 'UTF-8', value: 'utf-8' },
					{ name: 'Windows-1252 (Western European)', value: 'windows-1252' },
					{ name: 'ISO-8859-1 (Latin-1)', value: 'iso-8859-1' },
					{ name: 'UTF-16 LE', value: 'utf-16le' },
				],
				default: 'utf-8',
				description: "A CSV file's text encoding when it has no byte order mark",
			},
			{
				displayName: 'On Bad Rows',
				name: 'onBadRows',
				type: 'options',
				options: [
					{
						name: 'Stop',
						value: 'stop',
						description:
							'When any row has a problem, write nothing: the error names every bad row by its line and SKU',
					},
					{
						name: 'Skip',
						value: 'skip',
						description: 'Write the good rows; the summary counts and lists the bad ones',
					},
				],
				default: 'stop',
				description: 'What a row that cannot be written does to the import',
			},
			{
				displayName: 'Output Changed Rows',
				name: 'outputRows',
				type: 'boolean',
				default: false,
				description:
					'Whether to output, after the summary, one item per row created, updated or failed: its line, SKU, what happened, the fields it changed or its error',
			},
			{
				displayName: 'Report File',
				name: 'report',
				type: 'options',
				options: [
					{
						name: 'Changed and Failed Rows',
						value: 'changes',
						description: 'A CSV of the rows created, updated or failed',
					},
					{
						name: 'Every Row',
						value: 'all',
						description: 'A CSV line for every row of the file, unchanged ones too',
					},
					{ name: 'None', value: 'none' },
				],
				default: 'changes',
				description:
					'The CSV file the summary item carries as binary "report": line, SKU, what happened (created, updated, unchanged, failed), the changed fields or the error',
			},
			{
				displayName: 'Sheet',
				name: 'sheet',
				type: 'string',
				default: '',
				placeholder: 'e.g. Products',
				description: "An XLSX file's sheet to read (its name); the first sheet when empty",
			},
		],
	},
];

/** Family (the fallback of Family Column), Language, Channels and Import Options show for it (fields.ts). */
export const writesProduct = 'fromFile';
export const fromVersion = 2;
