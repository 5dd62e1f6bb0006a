import type { IDataObject } from 'n8n-workflow';

import { ParameterProblem } from '../../../shared/params';
import { Faults, FILE_LINES } from '../../../shared/badRows';

/** The problems the summary lists; the count is `failed`. */
const MAX_PROBLEMS = 100;

/**
 * What an import counts of its rows: created, updated, unchanged (a dry run's create and update
 * counted as created and updated), failed with the first problems by line, and the lost answers
 * a read found written (send.ts, sendChecked).
 */
export class ImportLedger {
	readonly counts = { created: 0, updated: 0, unchanged: 0 };
	confirmed = 0;
	private readonly faults = new Faults(FILE_LINES, MAX_PROBLEMS);

	get failed(): number {
		return this.faults.count;
	}

	/** Counts a row that was not written; returns its message. */
	problem(line: number, sku: string | undefined, error: unknown): string {
		return this.faults.add(line, sku, error);
	}

	/** Counts a row's operation (its output's `operation`). */
	wrote(operation: string): void {
		if (operation === 'created' || operation === 'create') this.counts.created++;
		else if (operation === 'updated' || operation === 'update') this.counts.updated++;
		else this.counts.unchanged++;
	}

	/** The counts as a sentence (the progress log, a refused file's error). */
	said(): string {
		const { created, updated, unchanged } = this.counts;
		return `${created} created, ${updated} updated, ${unchanged} unchanged, ${this.failed} failed`;
	}

	/** The summary's `problems`, by line. */
	listed(): IDataObject[] {
		return this.faults.list().map(({ place, sku, problem }) => ({
			line: place,
			...(sku ? { sku } : {}),
			error: problem,
		}));
	}

	/** On Bad Rows → Stop: the error naming the bad rows, when there are any (shared/badRows.ts). */
	nothingWritten(rows: number): ParameterProblem | undefined {
		if (!this.failed) return undefined;
		return new ParameterProblem(
			this.faults.headline(rows),
			`${this.faults.described()} To write the good rows and list the bad ones, set File Options → On Bad Rows to Skip.`,
		);
	}
}
