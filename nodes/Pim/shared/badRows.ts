import type { PimItem } from './item';
import { optionalString } from './params';

/**
 * What a write's refusal says, for a node run's items (round.ts) and a file's rows (Import File):
 * nothing was written, and every row at fault listed by problem: each problem once with its hint,
 * the rows that have it by their place (item index or file line) and SKU, the first few of many.
 */

/** The problems listed one by one; the others are counted. */
const PROBLEMS_LISTED = 50;

/** The rows named for one problem; the others are counted. */
const ROWS_PER_PROBLEM = 5;

interface Fault {
	place: number;
	sku?: string;
	problem: string;
}

/** How rows are named: items by index, a file's rows by line. */
export const ITEMS = { one: 'item', many: 'items', all: 'items' } as const;
export const FILE_LINES = { one: 'line', many: 'lines', all: 'rows of the file' } as const;
type Places = typeof ITEMS | typeof FILE_LINES;

/** An error as a row's problem says it: its message and its hint. */
export function problemText(error: unknown): string {
	const e = (error ?? {}) as { message?: unknown; description?: unknown };
	const hint = typeof e.description === 'string' && e.description ? `. ${e.description}` : '';
	return `${String(e.message ?? error)}${hint}`;
}

/**
 * The rows at fault of one run, by place: counted all, kept up to `keep` (a file's summary lists
 * its first problems; a run of items keeps every one, as n8n holds every item anyway).
 */
export class Faults {
	count = 0;
	private readonly kept: Fault[] = [];
	private sorted = true;

	constructor(
		private readonly places: Places,
		private readonly keep = Infinity,
	) {}

	/** Counts a row at fault; returns its problem as the run says it. */
	add(place: number, sku: string | undefined, error: unknown): string {
		this.count++;
		const problem = problemText(error);
		if (this.kept.length < this.keep) {
			const last = this.kept[this.kept.length - 1];
			if (last && last.place > place) this.sorted = false;
			this.kept.push({ place, ...(sku ? { sku } : {}), problem });
		}
		return problem;
	}

	/** The rows at fault kept, in place order. */
	list(): Fault[] {
		if (!this.sorted) this.kept.sort((a, b) => a.place - b.place);
		this.sorted = true;
		return this.kept;
	}

	first(): number | undefined {
		return this.list()[0]?.place;
	}

	/** The headline: "Nothing was written: 3 of 40 items have a problem". */
	headline(total: number): string {
		return `Nothing was written: ${this.count} of ${total} ${this.places.all} have a problem`;
	}

	/** Every row at fault kept, by problem, in the order of their places; the others counted. */
	described(): string {
		const byProblem = new Map<string, Fault[]>();
		for (const fault of this.list())
			byProblem.set(fault.problem, [...(byProblem.get(fault.problem) ?? []), fault]);
		const { one, many } = this.places;
		const name = (f: Fault) => `${f.place}${f.sku ? ` (SKU ${f.sku})` : ''}`;
		const parts = [...byProblem].slice(0, PROBLEMS_LISTED).map(([problem, rows]) => {
			const shown = rows.slice(0, ROWS_PER_PROBLEM).map(name).join(', ');
			const more = rows.length > ROWS_PER_PROBLEM ? `, … ${rows.length} ${many} in all` : '';
			return `${rows.length === 1 ? one : many} ${shown}${more}: ${problem}`;
		});
		if (byProblem.size > PROBLEMS_LISTED)
			parts.push(`and ${byProblem.size - PROBLEMS_LISTED} more problems`);
		const unlisted = this.count - this.kept.length;
		if (unlisted > 0) parts.push(`and ${unlisted} more ${this.places.all}`);
		const text = parts.join(' | ');
		return text.endsWith('.') ? text : `${text}.`;
	}
}

/** The item's SKU, to name an item at fault; none when it cannot be read or there is none. */
export function skuOf(item: PimItem): string | undefined {
	try {
		return optionalString(item.param<unknown>('sku', undefined));
	} catch {
		return undefined;
	}
}

/** Adds a sentence to an error's description. */
export function append(error: Error, note: string): void {
	const target = error as Error & { description?: string | null };
	target.description = [target.description, note].filter(Boolean).join(' ');
}
