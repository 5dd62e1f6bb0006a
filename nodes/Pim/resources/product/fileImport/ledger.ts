import type { IDataObject } from 'n8n-workflow';

import { ParameterProblem } from '../../../shared/params';
import {
	FILE_LINES,
	faultList,
	nothingWritten,
	problemText,
	sentence,
} from '../../../shared/badRows';

/** The problems the summary lists; the count is `failed`. */
const MAX_PROBLEMS = 100;

interface Problem {
	line: number;
	sku?: string;
	error: string;
}

/**
 * What an import counts of its rows: created, updated, unchanged (a dry run's create and update
 * counted as created and updated), failed with the first problems by line, and the lost answers
 * a read found written (send.ts, sendChecked).
 */
export class ImportLedger {
	readonly counts = { created: 0, updated: 0, unchanged: 0 };
	failed = 0;
	confirmed = 0;
	private readonly problems: Problem[] = [];

	/** Counts a row that was not written; returns its message. */
	problem(line: number, sku: string | undefined, error: unknown): string {
		this.failed++;
		const message = problemText(error);
		if (this.problems.length < MAX_PROBLEMS)
			this.problems.push({ line, ...(sku ? { sku } : {}), error: message });
		return message;
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
		return this.problems.sort((a, b) => a.line - b.line) as unknown as IDataObject[];
	}

	/** On Bad Rows → Stop: the error naming the bad rows, when there are any (shared/badRows.ts). */
	nothingWritten(rows: number): ParameterProblem | undefined {
		if (!this.failed) return undefined;
		const faults = this.problems.map(({ line, sku, error }) => ({
			place: line,
			sku,
			problem: error,
		}));
		const unlisted = this.failed - faults.length;
		const more = unlisted > 0 ? ` | and ${unlisted} more rows` : '';
		return new ParameterProblem(
			nothingWritten(this.failed, rows, FILE_LINES),
			`${sentence(`${faultList(faults, FILE_LINES)}${more}`)} To write the good rows and list the bad ones, set File Options → On Bad Rows to Skip.`,
		);
	}
}
