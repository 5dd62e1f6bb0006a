import type { IDataObject } from 'n8n-workflow';

import { ParameterProblem } from '../../../shared/params';

/** The problems the summary lists; the count is `failed`. */
const MAX_PROBLEMS = 100;

/** The problems a Stop error lists. */
const MAX_LISTED = 20;

interface Problem {
	line: number;
	sku?: string;
	error: string;
}

/** An error's message with its description, as a row's problem says it. */
const messageOf = (error: unknown) => {
	const e = error as { message?: unknown; description?: unknown };
	const description =
		typeof e.description === 'string' && e.description ? `. ${e.description}` : '';
	return `${String(e.message ?? error)}${description}`;
};

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
		const message = messageOf(error);
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

	/** On Bad Rows → Stop: the error naming the bad rows, when there are any. */
	nothingWritten(rows: number): ParameterProblem | undefined {
		if (!this.failed) return undefined;
		const listed = this.problems
			.sort((a, b) => a.line - b.line)
			.slice(0, MAX_LISTED)
			.map((p) => `line ${p.line}${p.sku ? ` (SKU ${p.sku})` : ''}: ${p.error}`)
			.join(' | ');
		const more = this.failed > MAX_LISTED ? ` | and ${this.failed - MAX_LISTED} more` : '';
		return new ParameterProblem(
			`Nothing was written: ${this.failed} of ${rows} rows of the file have a problem`,
			`${listed}${more}. To write the good rows and list the bad ones, set File Options → On Bad Rows to Skip.`,
		);
	}
}
