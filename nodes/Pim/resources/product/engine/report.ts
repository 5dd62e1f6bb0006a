import type { IDataObject } from 'n8n-workflow';

/** Why a column lands in no attribute of this write: its kind, for counting, and the words. */
export interface NotWritten {
	column: string;
	kind: 'noAttribute' | 'formField' | 'channel' | 'language' | 'currency' | 'givenElsewhere';
	reason: string;
}

/**
 * A row's write sent with a doubt its output says: the kind, counted by the run's notice, and
 * the words, on the row.
 */
export interface RowWarning {
	kind: 'noCurrency' | 'noUnit' | 'categoryTree' | 'groupFill';
	text: string;
}

/**
 * What a write's output item says besides the answer, as data: what its row alone tells
 * (`skippedCategories`, `columns` with Continue On Fail), and what needs its whole run, asked
 * once every item is prepared (`run`: the run's report on its first item, the count of items
 * with skipped categories). Said by notesOf.
 */
export interface WriteNotes {
	skippedCategories: string[];
	/** Continue On Fail: the row's own columns (items do not wait for each other). */
	columns?: IDataObject;
	run?: { rows: number; report: boolean; skippedCount: boolean };
}

/** No notes (version 1; a row of a group without its own SKU). */
export const NO_NOTES: WriteNotes = Object.freeze({ skippedCategories: [] });

/**
 * What a run of a version-2 product write did not do as the input said, gathered from its rows
 * and said on its first output item (Import File: its summary): the columns written nowhere, the
 * columns a convention sent to attributes, the categories skipped, the rows with warnings by
 * kind, and `notice`, one line of it all ("25 rows · 13 columns not written: 6 with no attribute,
 * … · 7 rows filed in a tree of a channel not assigned"), with what slowed the run.
 */
export class ImportReport {
	private readonly unmapped = new Map<string, NotWritten>();
	private readonly mapped = new Map<string, Set<string>>();
	/** The rows with a warning of each kind. */
	private readonly warned = new Map<RowWarning['kind'], number>();
	skippedCategories = 0;
	itemsWithSkippedCategories = 0;

	/** A row's columns: those written nowhere, and those a convention sent to an attribute. */
	addColumns(unmapped: NotWritten[], byConvention: Array<[string, string]>): void {
		for (const u of unmapped) if (!this.unmapped.has(u.column)) this.unmapped.set(u.column, u);
		for (const [column, target] of byConvention) {
			const targets = this.mapped.get(column) ?? new Set<string>();
			targets.add(target);
			this.mapped.set(column, targets);
		}
	}

	/** A row's warnings: the row counts once for each kind it has. */
	addWarnings(warnings: RowWarning[]): void {
		for (const kind of new Set(warnings.map((w) => w.kind)))
			this.warned.set(kind, (this.warned.get(kind) ?? 0) + 1);
	}

	/**
	 * The run's columns and notice, as the first item says them (`rows`: the run's rows; `failed`:
	 * those not written, which lead the notice), with what slowed the run: requests tried again
	 * after a refusal or a fault, lost answers found written.
	 */
	notes(
		rows: number,
		slowed?: { refused: number; faulted: number; confirmed: number },
		failed = 0,
	): IDataObject {
		const parts: string[] = [];
		if (this.unmapped.size) {
			const counts = new Map<NotWritten['kind'], number>();
			for (const { kind } of this.unmapped.values()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
			const kinds = [...counts].map(([kind, n]) => `${n} ${KIND_WORDS[kind]}`).join(', ');
			parts.push(
				`${plural(this.unmapped.size, 'column')} not written: ${kinds} (see unmappedColumns)`,
			);
		}
		if (this.skippedCategories)
			parts.push(
				`${plural(this.skippedCategories, 'category', 'categories')} skipped on ${plural(this.itemsWithSkippedCategories, 'row')} (see skippedCategories)`,
			);
		if (this.warned.size) {
			const kinds = WARNING_ORDER.filter((kind) => this.warned.has(kind)).map(
				(kind) => `${plural(this.warned.get(kind)!, 'row')} ${WARNING_WORDS[kind]}`,
			);
			parts.push(`${kinds.join(' · ')} (see warnings)`);
		}
		if (slowed?.faulted)
			parts.push(`${plural(slowed.faulted, 'request')} retried after PIM faults (see retried)`);
		if (slowed?.refused)
			parts.push(`${plural(slowed.refused, 'request')} retried after the PIM's rate limit`);
		if (slowed?.confirmed)
			parts.push(`${plural(slowed.confirmed, 'lost answer')} checked: written (see confirmed)`);
		return {
			...columnNotes([...this.unmapped.values()], [...this.mapped]),
			// Rows that failed lead the notice: what went wrong first.
			...(parts.length || failed
				? {
						notice: [
							...(failed ? [`${plural(failed, 'row')} failed (see problems)`] : []),
							plural(rows, 'row'),
							...parts,
						].join(' · '),
					}
				: {}),
		};
	}
}

const KIND_WORDS: Record<NotWritten['kind'], string> = {
	noAttribute: 'with no attribute',
	formField: 'a field of the form would read',
	channel: 'of another channel',
	language: 'of another language',
	currency: 'in another currency',
	givenElsewhere: 'given by another column',
};

const WARNING_WORDS: Record<RowWarning['kind'], string> = {
	noCurrency: 'with a price without currency',
	noUnit: 'with an amount without unit',
	categoryTree: 'filed in a tree of a channel not assigned',
	groupFill: 'with a parameter Group By could not fill',
};

const WARNING_ORDER = Object.keys(WARNING_WORDS) as Array<RowWarning['kind']>;

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * Columns as an output item says them: `unmappedColumns` (column → why it was not written) and
 * `mappedColumns` (column → the attributes a convention sent it to, across the run's rows).
 */
export function columnNotes(
	unmapped: NotWritten[],
	mapped: Array<[string, Iterable<string>]>,
): IDataObject {
	return {
		...(mapped.length
			? { mappedColumns: Object.fromEntries(mapped.map(([c, t]) => [c, [...new Set(t)]])) }
			: {}),
		...(unmapped.length
			? { unmappedColumns: Object.fromEntries(unmapped.map((u) => [u.column, u.reason])) }
			: {}),
	};
}

/** A write's notes as its output item says them, with its warnings (see WriteNotes). */
export function notesOf(report: ImportReport, notes: WriteNotes, warnings: string[]): IDataObject {
	const { skippedCategories, columns, run } = notes;
	return {
		...(skippedCategories.length ? { skippedCategories } : {}),
		...(run?.skippedCount ? { itemsWithSkippedCategories: report.itemsWithSkippedCategories } : {}),
		...(run?.report ? report.notes(run.rows) : (columns ?? {})),
		...(warnings.length ? { warnings } : {}),
	};
}
